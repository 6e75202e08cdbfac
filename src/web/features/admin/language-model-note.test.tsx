// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configReply, renderAt } from '../../testing/render-page';
import { stubApi } from '../../testing/stub-api';
import { LanguageModelNote } from './language-model-note';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin’s language model note', () => {
  it('tells the operator what connecting a model adds when none is configured', async () => {
    stubApi({ 'GET /api/config': configReply({ hasLanguageModel: false }) });
    renderAt('/admin', <LanguageModelNote />);
    expect(await screen.findByText('No language model is configured')).toBeTruthy();
    expect(screen.getByText(/adds narrative insights written from the same figures/).textContent).toContain(
      'OPENAI_API_KEY',
    );
  });

  it('says a configured model words the answers and the free allowance applies', async () => {
    stubApi({ 'GET /api/config': configReply({ hasLanguageModel: true }) });
    renderAt('/admin', <LanguageModelNote />);
    expect(await screen.findByText('A language model is configured')).toBeTruthy();
    expect(screen.getByText(/free accounts have 3 AI analyses a month/)).toBeTruthy();
  });
});
