import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';

const TEMPLATE_IDS = 'templateIds must be a list of application template ids.';
const RANGE = 'The range must be one of MONTHLY12, MONTHLY24, WEEKLY or DAILY.';

/** A range by name or by its period count (money 2.15: the count is sent in one reading, the name in another). */
export const RANGE_VALUES = ['MONTHLY12', 'MONTHLY24', 'WEEKLY', 'DAILY', '12', '24', '52', '30'] as const;

/**
 * The template ids of the Applications view and the reports dialog (money 2.15, 2.16): ids as text or numbers (the
 * portal sends the 999999999.9999 sentinel as a number), at most 500, none longer than 64 characters.
 */
export class TemplateFilterDto {
  @IsOptional()
  @ValidateBy(
    {
      name: 'isTemplateIdList',
      validator: {
        validate: (v: unknown) =>
          Array.isArray(v) &&
          v.length <= 500 &&
          v.every((id) => (typeof id === 'string' || typeof id === 'number') && String(id).length <= 64),
      },
    },
    { message: TEMPLATE_IDS },
  )
  templateIds?: (string | number)[] | null;
}

/** The chart calls (volume, revenue, verifications): the template ids and the range, MONTHLY12 when absent. */
export class RangeFilterDto extends TemplateFilterDto {
  @IsOptional()
  @Transform(({ value }) =>
    value === ''
      ? undefined
      : typeof value === 'string' || typeof value === 'number'
        ? String(value).toUpperCase()
        : value,
  )
  @IsIn(RANGE_VALUES, { message: RANGE })
  range?: (typeof RANGE_VALUES)[number] | null;
}
