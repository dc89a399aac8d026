import { Transform } from 'class-transformer';

/**
 * The admin DTOs' string clean-ups, as decorators (class-transformer runs them before class-validator checks).
 * react-admin sends whole records back, so every body field may also come as null.
 */

/** Surrounding spaces go; anything that is not a string is left for the validators to refuse. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trimmed, and an empty string becomes null (an optional text cleared in a form). */
export const TrimToNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** Trimmed and upper-cased: codes such as DASHBOARD typed in any case. */
export const TrimUpper = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));
