import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'credence:isPublic';

/** Marks a route as deliberately open to anonymous callers. Every other route needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
