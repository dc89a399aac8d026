import type { MatcherFunction } from '@testing-library/react';

/**
 * Matches the innermost element whose whole text is `text`, however it is split into child elements (a MetaLine's
 * facts are a span each): getByText(fullText('Globex Corp · $60.00 · 21 Nov 2026')).
 */
export const fullText =
  (text: string): MatcherFunction =>
  (_content, element) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
