import { Box, Paper, Stack, Typography } from '@mui/material';
import { geoNaturalEarth1, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson';
import { useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';
import { countryByCode, countryOfFeature, type CountryInfo } from '@/shared/ui/charts/map/countries';
import { classLabels, classOf, NO_DATA, paletteFor } from '@/shared/ui/charts/map/scale';
import type { MapRegion, WorldMapProps } from '@/shared/ui/charts/types';
import { visuallyHidden } from '@/shared/ui/visuallyHidden';

const WIDTH = 960;
const HEIGHT = 500;

/** What each region button shows: a lon/lat box (Europe without the whole of Russia, the Americas pole to pole). */
const REGION_BOX: Record<Exclude<MapRegion, 'world'>, [[number, number], [number, number]]> = {
  '150': [
    [-25, 34],
    [45, 71],
  ],
  '142': [
    [25, -11],
    [150, 56],
  ],
  '002': [
    [-20, -36],
    [53, 38],
  ],
  '019': [
    [-170, -56],
    [-30, 72],
  ],
  '009': [
    [110, -48],
    [180, 0],
  ],
};

interface Shape {
  key: string;
  country: CountryInfo | null;
  name: string;
  d: string;
}

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const collection = feature(topology, topology.objects.countries) as FeatureCollection<
  Geometry,
  { name: string }
>;
// Antarctica takes a fifth of the map and holds no institutes.
const LANDS = collection.features.filter((f) => f.id !== '010');

const boxOf = ([[w, s], [e, n]]: [[number, number], [number, number]]): Feature<Polygon> => ({
  type: 'Feature',
  properties: {},
  // Clockwise, as d3-geo reads a polygon's inside: the other way round it would be the rest of the globe.
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [w, n],
        [e, n],
        [e, s],
        [w, s],
      ],
    ],
  },
});

function shapesFor(region: MapRegion): Shape[] {
  const target: GeoPermissibleObjects =
    region === 'world' ? { type: 'FeatureCollection', features: LANDS } : boxOf(REGION_BOX[region]);
  const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], target);
  const path = geoPath(projection);
  return LANDS.map((f, i) => {
    const country = countryOfFeature(f.id, f.properties.name);
    return {
      key: `${f.id ?? f.properties.name}-${i}`,
      country,
      name: country?.name ?? f.properties.name,
      d: path(f) ?? '',
    };
  });
}

/** A choropleth of the world (money 2.17, 2.18), lazily loaded with world-atlas, topojson-client and d3-geo. */
export default function WorldMapView({
  title,
  values,
  breakpoints,
  palette,
  legend,
  formatValue = String,
  region = 'world',
  onSelectCountry,
  height,
}: WorldMapProps) {
  const shapes = useMemo(() => shapesFor(region), [region]);
  const colours = useMemo(() => paletteFor(breakpoints.length, palette), [breakpoints.length, palette]);
  const byCountry = useMemo(() => {
    const m = new Map<string, number>();
    for (const [code, v] of Object.entries(values)) {
      const c = countryByCode(code);
      if (c && typeof v === 'number') m.set(c.alpha2, v);
    }
    return m;
  }, [values]);
  // The screen reader's version of the map: every country with a value, by name.
  const listed = useMemo(
    () =>
      [...byCountry.entries()]
        .filter(([, v]) => classOf(v, breakpoints) >= 0)
        .flatMap(([alpha2, value]) => {
          const country = countryByCode(alpha2);
          return country ? [{ country, value }] : [];
        })
        .sort((a, b) => a.country.name.localeCompare(b.country.name, 'en')),
    [byCountry, breakpoints],
  );
  const [hover, setHover] = useState<{ name: string; text: string; x: number; y: number } | null>(null);

  const valueText = (v: number | undefined) =>
    classOf(v, breakpoints) < 0 || v === undefined ? 'No data' : formatValue(v);

  const select = (country: CountryInfo | null) => {
    if (country && onSelectCountry) onSelectCountry(country);
  };
  const onKey = (country: CountryInfo | null) => (e: KeyboardEvent<SVGPathElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select(country);
    }
  };
  const track = (name: string, text: string) => (e: MouseEvent<SVGPathElement>) => {
    const box = e.currentTarget.ownerSVGElement?.parentElement?.getBoundingClientRect();
    setHover({ name, text, x: e.clientX - (box?.left ?? 0), y: e.clientY - (box?.top ?? 0) });
  };

  return (
    <Box>
      <Box sx={{ position: 'relative', overflow: 'hidden', borderRadius: 1, bgcolor: '#f3f7fb' }}>
        <Box
          component="svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="group"
          aria-label={title}
          sx={{ display: 'block', width: '100%', height: height ?? 'auto' }}
          onMouseLeave={() => setHover(null)}
        >
          {shapes.map((s) => {
            const v = s.country ? byCountry.get(s.country.alpha2) : undefined;
            const k = classOf(v, breakpoints);
            const text = valueText(v);
            const focusable = !!onSelectCountry && k >= 0 && !!s.country;
            return (
              <path
                key={s.key}
                d={s.d}
                fill={k >= 0 ? colours[k] : NO_DATA}
                stroke="#ffffff"
                strokeWidth={0.5}
                data-country={s.country?.alpha2}
                data-class={k}
                tabIndex={focusable ? 0 : undefined}
                role={focusable ? 'button' : undefined}
                aria-label={focusable ? `${s.name}: ${text}` : undefined}
                aria-hidden={focusable ? undefined : true}
                style={{ cursor: onSelectCountry && s.country ? 'pointer' : 'default', outline: 'none' }}
                onClick={() => select(s.country)}
                onKeyDown={focusable ? onKey(s.country) : undefined}
                onMouseMove={track(s.name, text)}
                onFocus={(e) => {
                  const r = e.currentTarget.getBoundingClientRect();
                  const box = e.currentTarget.ownerSVGElement?.parentElement?.getBoundingClientRect();
                  setHover({
                    name: s.name,
                    text,
                    x: r.left + r.width / 2 - (box?.left ?? 0),
                    y: r.top - (box?.top ?? 0),
                  });
                }}
                onBlur={() => setHover(null)}
              >
                <title>{`${s.name}: ${text}`}</title>
              </path>
            );
          })}
        </Box>
        {hover && (
          <Paper
            aria-hidden
            elevation={3}
            sx={{
              position: 'absolute',
              left: hover.x,
              top: hover.y,
              transform: 'translate(-50%, calc(-100% - 10px))',
              px: 1.25,
              py: 0.75,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 650 }}>
              {hover.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {hover.text}
            </Typography>
          </Paper>
        )}
      </Box>
      <Legend labels={legend ?? classLabels(breakpoints, formatValue)} colours={colours} title={title} />
      <Box sx={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {listed.map(({ country, value }) => (
              <tr key={country.alpha2}>
                <th scope="row">{country.name}</th>
                <td>{formatValue(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

function Legend({
  labels,
  colours,
  title,
}: {
  labels: readonly string[];
  colours: readonly string[];
  title: string;
}) {
  return (
    <Stack
      component="ul"
      aria-label={`${title} legend`}
      direction="row"
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.75, m: 0, mt: 1.5, p: 0, listStyle: 'none' }}
    >
      {labels.map((l, i) => (
        <LegendItem key={l} colour={colours[i]} label={l} />
      ))}
      <LegendItem colour={NO_DATA} label="No data" />
    </Stack>
  );
}

function LegendItem({ colour, label }: { colour: string; label: string }) {
  return (
    <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          borderRadius: 0.5,
          bgcolor: colour,
          border: '1px solid rgba(0,0,0,0.1)',
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}
