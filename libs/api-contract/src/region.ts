/** A map region (UN M49 group) of GET /region/meta. */
export interface MapRegionView {
  id: string;
  name: string;
  parentId: string | null;
}

/**
 * A country's row of GET /region/meta (money-and-insights.md 2.17, 9): its map region, the catalogue's institutes in
 * it, and figures from the verifications completed there; -1 where there are none (the map leaves those off).
 */
export interface CountryMetaView {
  /** ISO alpha-2. */
  id: string;
  /** ISO numeric. */
  ccn3: string | null;
  name: string;
  /** The M49 map region (150, 142, 002, 019, 009). */
  regionId: string | null;
  institutes: number;
  /** Mean days from recorded to resolved over the last 365 days. */
  annualAverageVerificationDays: number;
  /** The same over the last 90 days. */
  currentVerificationDays: number;
  /** Not Verified share of the verifications completed in the last 365 days, %. */
  fraudulentPercent: number;
}

/** GET /region/meta: the coverage map's data. */
export interface RegionMetaView {
  regions: MapRegionView[];
  countries: CountryMetaView[];
  totalInstitutes: number;
}
