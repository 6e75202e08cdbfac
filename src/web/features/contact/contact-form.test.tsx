// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { ContactForm } from './contact-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
/** The message under a field, found through the field's aria-describedby. */
const fieldError = (label: string) =>
  document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;

function fillIn() {
  type('Name', '  Ada Lovelace ');
  type('Email', 'ada@example.com');
  type('Message', 'We are 40 advisers.\nCan we talk about Enterprise?');
}

describe('the contact form', () => {
  it('checks the fields with the server’s schema before anything is sent', async () => {
    const api = stubApi({});
    renderAt('/contact', <ContactForm />);
    type('Email', 'ada@');
    send();
    await waitFor(() => expect(fieldError('Name')).toBe('Please enter your name.'));
    expect(fieldError('Email')).toBe('Please enter a valid email address');
    expect(fieldError('Message')).toBe('Please enter a message.');
    expect(fieldError('Company (optional)')).toBeUndefined();
    expect(api.requests).toEqual([]);
  });

  it('sends the message trimmed as the contract reads it, and thanks the sender', async () => {
    const api = stubApi({
      'POST /api/contact': { status: 201, body: { id: 'm1', receivedAt: '2026-04-09T15:00:00.000Z' } },
    });
    renderAt('/contact', <ContactForm />);
    fillIn();
    send();
    expect((await screen.findByRole('status')).textContent).toContain('Thank you, we received your message');
    expect(api.requests[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: '',
      message: 'We are 40 advisers.\nCan we talk about Enterprise?',
    });
  });

  it('puts the server’s field messages under their fields, and any other refusal above the form', async () => {
    const api = stubApi({
      'POST /api/contact': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid request',
            fields: { email: 'This address bounces' },
          },
        },
      },
    });
    renderAt('/contact', <ContactForm />);
    fillIn();
    send();
    await waitFor(() => expect(fieldError('Email')).toBe('This address bounces'));
    expect(screen.queryByRole('alert')).toBeNull();

    api.routes['POST /api/contact'] = {
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Too many messages. Try again in an hour.' } },
    };
    type('Email', 'ada@example.org');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Try again in an hour.');
  });
});
