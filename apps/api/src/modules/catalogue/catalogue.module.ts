import { Module } from '@nestjs/common';

/** Institutes, countries, regions, industries and institute records (issue: institute catalogue). */
@Module({})
export class CatalogueModule {}
