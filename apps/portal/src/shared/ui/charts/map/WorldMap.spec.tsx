import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GOOD_TO_BAD, INSTITUTE_BREAKPOINTS, INSTITUTE_LEGEND, WorldMap } from '@/shared/ui/charts';
import { countryByCode, countryByName, countryOfFeature } from '@/shared/ui/charts/map/countries';
import { classLabels, classOf, NO_DATA, paletteFor } from '@/shared/ui/charts/map/scale';
import { renderUi } from '@/shared/ui/test/renderUi';

// money-and-insights.md 9: turnaround breakpoints 0/0.1/12/19/20.
const TURNAROUND = [0, 0.1, 12, 19, 20];

/** How wide a drawn path is, from the x coordinates of its absolute commands. */
function widthOf(d: string | null | undefined): number {
  const xs = [...(d ?? '').matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map((m) => Number(m[1]));
  return xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
}

const pathOf = (alpha2: string) => document.querySelector<SVGPathElement>(`path[data-country="${alpha2}"]`);

describe('country codes', () => {
  it('finds a country by alpha-2, alpha-3 or numeric code, and by name', () => {
    expect(countryByCode('gb')).toMatchObject({ alpha2: 'GB', alpha3: 'GBR', numeric: '826', region: '150' });
    expect(countryByCode('USA')?.numeric).toBe('840');
    expect(countryByCode(4)?.alpha2).toBe('AF');
    expect(countryByCode('036')?.alpha2).toBe('AU');
    expect(countryByName('India')?.alpha2).toBe('IN');
    expect(countryByCode('ZZ')).toBeNull();
  });

  it("matches world-atlas's Kosovo, which has no ISO numeric id", () => {
    expect(countryOfFeature(undefined, 'Kosovo')?.alpha2).toBe('XK');
    expect(countryOfFeature(undefined, 'Somaliland')).toBeNull();
    expect(countryOfFeature('826', 'United Kingdom')?.alpha2).toBe('GB');
  });
});

describe('colour classes', () => {
  it.each([
    [0, 0],
    [0.05, 0],
    [0.1, 1],
    [11.9, 1],
    [12, 2],
    [19, 3],
    [20, 4],
    [45, 4],
    [-1, -1],
    [Number.NaN, -1],
    [null, -1],
  ])('%s days is class %i', (value, k) => {
    expect(classOf(value, TURNAROUND)).toBe(k);
  });

  it('labels the classes and spreads the palette over them', () => {
    expect(classLabels([0, 5, 9, 10])).toEqual(['0 to 5', '5 to 9', '9 to 10', '10 and over']);
    expect(paletteFor(2, GOOD_TO_BAD)).toEqual([GOOD_TO_BAD[0], GOOD_TO_BAD[5]]);
    expect(paletteFor(6, GOOD_TO_BAD)).toEqual([...GOOD_TO_BAD]);
  });
});

describe('WorldMap', () => {
  const values = { GB: 5, FRA: 12, 840: 25, DE: -1, IN: null, BR: 0.05 };

  it('colours each country by the class of its value and leaves the rest grey', async () => {
    renderUi(
      <WorldMap
        title="Annual Average Verification Times (Days)"
        values={values}
        breakpoints={TURNAROUND}
        palette={GOOD_TO_BAD}
      />,
    );
    await screen.findByRole('group', { name: 'Annual Average Verification Times (Days)' });
    const colours = paletteFor(5, GOOD_TO_BAD);
    expect(pathOf('BR')).toHaveAttribute('fill', colours[0]);
    expect(pathOf('GB')).toHaveAttribute('fill', colours[1]);
    expect(pathOf('FR')).toHaveAttribute('fill', colours[2]);
    expect(pathOf('US')).toHaveAttribute('fill', colours[4]);
    expect(pathOf('DE')).toHaveAttribute('fill', NO_DATA);
    expect(pathOf('IN')).toHaveAttribute('fill', NO_DATA);
    expect(pathOf('CN')).toHaveAttribute('fill', NO_DATA);
    expect(pathOf('GB')?.querySelector('title')).toHaveTextContent('United Kingdom: 5');
    expect(pathOf('DE')?.querySelector('title')).toHaveTextContent('Germany: No data');
  });

  it('lists the values for screen readers and shows a legend', async () => {
    renderUi(
      <WorldMap
        title="Fraudulent Verifications (%)"
        values={{ GB: 2.5, FR: 9.25 }}
        breakpoints={[0, 5, 9, 10]}
        formatValue={(v) => `${v.toFixed(2)}%`}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Fraudulent Verifications (%)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CountryFraudulent Verifications (%)', 'France9.25%', 'United Kingdom2.50%']);
    const legend = screen.getByRole('list', { name: 'Fraudulent Verifications (%) legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['0.00% to 5.00%', '5.00% to 9.00%', '9.00% to 10.00%', '10.00% and over', 'No data']);
  });

  it('labels the institutions classes by the counts they hold, not by their breakpoints', async () => {
    renderUi(
      <WorldMap
        title="Current Number of Institutions"
        values={{ GB: 120 }}
        breakpoints={INSTITUTE_BREAKPOINTS}
        legend={INSTITUTE_LEGEND}
        formatValue={(v) => String(Math.round(v))}
      />,
    );
    const legend = await screen.findByRole('list', { name: 'Current Number of Institutions legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['None', '1 to 1,999', '2,000 to 6,149', '6,150 and over', 'No data']);
  });

  it('selects a country by click or by keyboard; only countries with a value take focus', async () => {
    const onSelect = vi.fn();
    renderUi(
      <WorldMap
        title="Current Number of Institutions"
        values={{ GB: 120, FR: 80 }}
        breakpoints={[0, 0.001, 2000, 6150]}
        onSelectCountry={onSelect}
      />,
    );
    const gb = await screen.findByRole('button', { name: 'United Kingdom: 120' });
    await userEvent.click(gb);
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ alpha2: 'GB', region: '150' }));
    screen.getByRole('button', { name: 'France: 80' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ alpha2: 'FR' }));
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(pathOf('ES')).not.toHaveAttribute('tabindex');
  });

  it('zooms to a region without dropping its countries', async () => {
    const { rerender } = renderUi(<WorldMap title="Map" values={{ GB: 1 }} breakpoints={[0]} />);
    await screen.findByRole('group', { name: 'Map' });
    const world = pathOf('GB')?.getAttribute('d');
    rerender(<WorldMap title="Map" values={{ GB: 1 }} breakpoints={[0]} region="150" />);
    const europe = pathOf('GB')?.getAttribute('d');
    // Great Britain drawn several times wider, and Europe's countries still on the map.
    expect(widthOf(europe)).toBeGreaterThan(4 * widthOf(world));
    expect(pathOf('FR')?.getAttribute('d')).toBeTruthy();
  });
});
