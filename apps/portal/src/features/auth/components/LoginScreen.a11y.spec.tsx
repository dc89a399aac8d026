import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetchMock';
import { renderApp } from '@/test/renderApp';

describe('Login screen accessibility', () => {
  it('has no serious or critical axe violations', async () => {
    mockFetch();
    const { container } = renderApp('/login?expired=true');
    await screen.findByText('API version 0.1.0');

    const results = await axe.run(container, {
      // jsdom does not lay out or paint, so colour contrast cannot be measured here.
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

    expect(serious).toEqual([]);
  });
});
