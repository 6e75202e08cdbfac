// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('offers a line break before the @ and each dot, and reads as the address', () => {
    const { container } = render(<EmailAddress email="grace.hopper@mail.example.com" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('grace.hopper@mail.example.com');
    expect(span.innerHTML).toBe('grace<wbr>.hopper<wbr>@mail<wbr>.example<wbr>.com');
  });
});
