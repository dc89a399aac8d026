import { QueryValues } from '../../../common/http/list-query';

/** GET /verification/pending and /resolved: the resolver lists' page and filters (verifications.md 7). */
export class ResolverListQueryDto {
  @QueryValues() page?: string | string[];
  @QueryValues() size?: string | string[];
  @QueryValues() after?: string | string[];
  @QueryValues() query?: string | string[];
  @QueryValues() results?: string | string[];
  @QueryValues() result?: string | string[];
  @QueryValues() fromDate?: string | string[];
  @QueryValues() toDate?: string | string[];
}

/** GET /verification and /verification/summary: the history's page and every filter of verifications.md 7. */
export class VerificationListQueryDto extends ResolverListQueryDto {
  @QueryValues() requestedBy?: string | string[];
  @QueryValues() customerReference?: string | string[];
  @QueryValues() ref?: string | string[];
  @QueryValues() type?: string | string[];
  @QueryValues() instituteId?: string | string[];
  @QueryValues() firstname?: string | string[];
  @QueryValues() surname?: string | string[];
  @QueryValues() lastname?: string | string[];
  @QueryValues() dob?: string | string[];
  @QueryValues() includeAuditHistory?: string | string[];
}

/** GET /verification/meta?results=: the results to count. */
export class VerificationMetaQueryDto {
  @QueryValues() results?: string | string[];
}

/** POST /verification?autosubmit=false keeps the drafts; PUT /verification/{id}?resub=true&push=true submits. */
export class SubmissionQueryDto {
  @QueryValues() autosubmit?: string | string[];
  @QueryValues() resub?: string | string[];
  @QueryValues() push?: string | string[];
}
