import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetaLine } from './MetaLine';

describe('MetaLine', () => {
  it('joins the facts with a middle dot, each unbreakable with its dot, leaving out empty ones', () => {
    const { container } = render(<MetaLine parts={['University of Demo', '', null, '28 Nov 2026']} />);
    expect(container.textContent).toBe('University of Demo · 28 Nov 2026');
    const spans = container.querySelectorAll('span');
    // The dot stays with the fact before it: a line breaks after it, never before.
    expect([...spans].map((s) => s.textContent)).toEqual(['University of Demo ·', '28 Nov 2026']);
    for (const s of spans) expect(getComputedStyle(s).whiteSpace).toBe('nowrap');
  });
});
