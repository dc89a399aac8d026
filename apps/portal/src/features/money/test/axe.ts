import axe from 'axe-core';

/** Serious or critical axe findings on what is rendered (colour contrast is checked in the browser, not in jsdom). */
export async function seriousAxeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
