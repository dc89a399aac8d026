import { Body, Controller, HttpCode, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ReportKind } from '@credence/api-contract';
import { DomainError } from '@credence/domain';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { REPORTS, ReportRows, type ReportCell } from '../queries/report-rows';
import { assertReports, scopeOf } from './analytics-params';
import { BareListBody } from '../../../common/http/bare-list-body';
import { TemplateFilterDto } from './analytics.dto';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

function dateParam(raw: string | undefined, name: string): string | null {
  if (raw === undefined || raw === '') return null;
  if (!validDate(raw)) throw new DomainError('invalid', `${name} must be a date yyyy-MM-dd.`);
  return raw;
}

/** A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is prefixed with a quote. */
export function csvCell(value: ReportCell): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * POST /reports?report=&fromDate=&toDate= (money 2.16, 9, access 7.4): the Download Reports dialog's spreadsheets,
 * written row by row into the response (exceljs' streaming WorkbookWriter, or CSV with format=csv), never built
 * whole in memory. The body may carry the Applications report's template ids.
 */
@ApiTags('analytics')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportRows) {}

  @Post()
  @HttpCode(200)
  @UseInterceptors(BareListBody('templateIds'))
  async download(
    @CurrentPrincipal() p: Principal,
    @Body() body: TemplateFilterDto,
    @Res() res: Response,
    @Query('report') report?: string,
    @Query('fromDate') fromDate?: string,
    @Query('toDate') toDate?: string,
    @Query('format') format?: string,
  ): Promise<void> {
    assertReports(p);
    if (!report || !(report in REPORTS)) throw new DomainError('invalid', 'Select a report to download.');
    const kind = report as ReportKind;
    const spec = REPORTS[kind];
    const range = { from: dateParam(fromDate, 'fromDate'), to: dateParam(toDate, 'toDate') };
    if (spec.needsDates && (!range.from || !range.to)) throw new DomainError('invalid', 'This report needs a date range selected.');
    if (range.from && range.to && range.from > range.to) throw new DomainError('invalid', 'fromDate must not be after toDate.');
    if (format !== undefined && format !== 'xlsx' && format !== 'csv') throw new DomainError('invalid', 'format must be xlsx or csv.');
    const scope = scopeOf(p, body);
    const rows = this.reports.rows(kind, scope, range);
    // The first row is read before any header goes out, so a failing query still answers with the error body.
    const first = await rows.next();

    if (format === 'csv') {
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${spec.file}.csv"`);
      res.write(`${spec.columns.map(csvCell).join(',')}\r\n`);
      if (!first.done) res.write(`${first.value.map(csvCell).join(',')}\r\n`);
      for await (const row of rows) {
        if (!res.write(`${row.map(csvCell).join(',')}\r\n`)) await new Promise((r) => res.once('drain', r));
      }
      res.end();
      return;
    }

    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${spec.file}.xlsx"`);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet(spec.title);
    sheet.columns = spec.columns.map((header) => ({ header, key: header, width: Math.max(12, header.length + 4) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    if (!first.done) sheet.addRow(first.value).commit();
    for await (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  }
}
