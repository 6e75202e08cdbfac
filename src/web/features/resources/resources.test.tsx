// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GUIDES, guideTexts } from '../../../domain/guides';
import { LESSONS } from '../../../domain/lessons';
import { GuideCard } from './guide-card';
import { InvestmentBasics } from './investment-basics';

afterEach(() => {
  cleanup();
});

describe('Investment Basics', () => {
  it('reports a lesson as read when it is opened, not when it is closed again', () => {
    const opened: string[] = [];
    render(<InvestmentBasics onLessonOpen={(id) => opened.push(id)} />);
    const [first, second] = LESSONS;
    const firstCard = screen.getByRole('heading', { name: first!.title }).closest('li')!;
    const read = within(firstCard).getByRole('button', { name: 'Read Lesson' });
    expect(document.getElementById(read.getAttribute('aria-controls')!)!.hidden).toBe(true);

    fireEvent.click(read);
    expect(read.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(read.getAttribute('aria-controls')!)!.hidden).toBe(false);
    expect(within(firstCard).getByText(`Example: ${first!.example.title}`)).toBeTruthy();
    fireEvent.click(within(firstCard).getByRole('button', { name: 'Close Lesson' }));
    fireEvent.click(within(firstCard).getByRole('button', { name: 'Read Lesson' }));
    const secondCard = screen.getByRole('heading', { name: second!.title }).closest('li')!;
    fireEvent.click(within(secondCard).getByRole('button', { name: 'Read Lesson' }));

    expect(opened).toEqual([first!.id, first!.id, second!.id]);
  });
});

describe('a guide card', () => {
  const guide = GUIDES[0]!;

  it('downloads the PDF the server renders under its file name', () => {
    render(<GuideCard guide={guide} />);
    const link = screen.getByRole('link', { name: `Download PDF: ${guide.title}` });
    expect(link.getAttribute('href')).toBe(`/api/resources/guides/${guide.slug}.pdf`);
    expect(link.getAttribute('download')).toBe(`foliowise-${guide.slug}.pdf`);
  });

  it('reads the whole guide on the page, from the same text as the PDF', () => {
    render(<GuideCard guide={guide} />);
    expect(screen.queryByText('Key takeaways')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Read online: ${guide.title}` }));
    const article = document.getElementById(
      screen.getByRole('button', { name: `Hide guide: ${guide.title}` }).getAttribute('aria-controls')!,
    )!;
    const shown = screen.getByRole('article', { name: guide.title }).textContent ?? '';
    const missing = guideTexts(guide).filter((text) => !shown.includes(text));
    expect(missing).toEqual([]);
    expect(within(article).getByText('Key takeaways')).toBeTruthy();
  });
});
