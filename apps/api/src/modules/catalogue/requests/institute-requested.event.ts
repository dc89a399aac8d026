/**
 * A customer asked for an institute the catalogue lacks (verifications.md 2.7). Published on the @nestjs/cqrs
 * EventBus after the request is stored and audited; the mail module handles it to tell staff
 * (@EventsHandler(InstituteRequested)). Nothing handles it yet.
 */
export class InstituteRequested {
  constructor(
    readonly requestId: string,
    readonly name: string,
    readonly country: string,
    readonly comment: string | null,
    readonly requestedBy: string,
    readonly companyId: string,
    readonly requestedAt: string,
  ) {}
}
