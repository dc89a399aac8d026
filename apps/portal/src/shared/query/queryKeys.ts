import type { Query } from '@/shared/api/client';

/**
 * Every cached read has its key here, per resource: `[resource, kind, params]`. One place, so that a mutation can
 * invalidate what it changes across areas (a submitted order touches the history, the badges and the balance)
 * and so that a prefix such as `queryKeys.verification.all` reaches every verification read.
 */
export const queryKeys = {
  account: {
    all: ['account'] as const,
    me: () => ['account', 'me'] as const,
    /** `users()` (no params) is the prefix of every team list: `{}` matches any params when invalidating. */
    users: (params: Query = {}) => ['account', 'users', params] as const,
  },
  notice: {
    all: ['notice'] as const,
    dashboard: () => ['notice', 'dashboard'] as const,
  },
  credit: {
    all: ['credit'] as const,
    summary: () => ['credit', 'summary'] as const,
    /** GET /credit without the card token: the balance, currency and VAT of Buy Credit's 'Credit Order' (money 2.9, 2.11). */
    info: () => ['credit', 'info'] as const,
    history: (params: Query = {}) => ['credit', 'history', params] as const,
    invoice: (id: string) => ['credit', 'invoice', id] as const,
    /** The card form's client token (money 2.10), read afresh for each payment step. */
    cardToken: () => ['credit', 'card-token'] as const,
  },
  verification: {
    all: ['verification'] as const,
    meta: (params: Query = {}) => ['verification', 'meta', params] as const,
    list: (params: Query = {}) => ['verification', 'list', params] as const,
    detail: (id: string) => ['verification', 'detail', id] as const,
    pending: (params: Query = {}) => ['verification', 'pending', params] as const,
    resolved: (params: Query = {}) => ['verification', 'resolved', params] as const,
    /** The resolve page's request (2.11); null once resolved (204). */
    pendingDetail: (id: string) => ['verification', 'pending-detail', id] as const,
    /** The read-only view of a resolved verification (2.11). */
    resolvedDetail: (id: string) => ['verification', 'resolved-detail', id] as const,
    /** The public resolve link's request (/verify/{key}, access 6.7). */
    resolveLink: (key: string) => ['verification', 'resolve-link', key] as const,
  },
  application: {
    all: ['application'] as const,
    open: () => ['application', 'open'] as const,
    list: (params: Query = {}) => ['application', 'list', params] as const,
    detail: (id: string) => ['application', 'detail', id] as const,
  },
  applicant: {
    all: ['applicant'] as const,
    list: (params: Query = {}) => ['applicant', 'list', params] as const,
  },
  institute: {
    all: ['institute'] as const,
    summary: (params: Query = {}) => ['institute', 'summary', params] as const,
    detail: (id: string) => ['institute', 'detail', id] as const,
    /** The country selector's list (verifications 2.4): the summaries named EMPVQCI or HSVQCI. */
    selector: (listName: string) => ['institute', 'selector', listName] as const,
    /** The examination boards under a country's entry (2.4). */
    children: (parentId: string) => ['institute', 'children', parentId] as const,
    /** One search of a field's reference data (2.5). */
    refData: (id: string, key: string, name: string) => ['institute', 'refdata', id, key, name] as const,
  },
  refdata: {
    all: ['refdata'] as const,
    countries: () => ['refdata', 'countries'] as const,
    industries: () => ['refdata', 'industries'] as const,
    /** GET /region?size=300: the institute search's Country select. */
    regions: () => ['refdata', 'regions'] as const,
    /** GET /region/meta: the coverage map's figures per country (money 2.17). */
    regionMeta: () => ['refdata', 'region-meta'] as const,
    /** GET approvalprocess: the 'Resolved By Process' choices (verifications 2.11, 7). */
    approvalProcesses: () => ['refdata', 'approval-processes'] as const,
  },
  /** Public pages: the application template owner of a partner subdomain (spec 2.4). */
  owner: { bySubdomain: (subdomain: string) => ['owner', 'subdomain', subdomain] as const },
  /**
   * The order review's figures (money 2.9) for the lines about to be submitted. Under 'credit', so an order's
   * invalidation (ORDER_CHANGES) makes the next review read the new balance.
   */
  order: { quote: (params: Query) => ['credit', 'quote', params] as const },
  info: { version: () => ['info', 'version'] as const },
  certificate: { check: (code: string) => ['certificate', 'check', code] as const },
  /**
   * Registration (access 2.7, 3.7, 3.8): the token read by the complete form, and the owners an atid or a referral
   * code names.
   */
  registration: {
    all: ['registration'] as const,
    token: (token: string) => ['registration', 'token', token] as const,
    templateOwner: (x: string) => ['registration', 'owner', 'template', x] as const,
    referralOwner: (code: string) => ['registration', 'owner', 'referral', code] as const,
  },
  /**
   * One server search of a reference list by its text (access 5.2, 5.5: country and industry; blank lists all).
   * Under 'refdata', so invalidating the reference data reaches the searches too.
   */
  search: {
    countries: (name: string) => ['refdata', 'countries', 'search', name] as const,
    industries: (name: string) => ['refdata', 'industries', 'search', name] as const,
  },
} as const;

/**
 * What an order changes (money 2.6, verifications 2.1): the history and the badges (verification), the balance
 * and the invoices (credit), and applications when it was placed inside one.
 */
export const ORDER_CHANGES = [
  queryKeys.verification.all,
  queryKeys.credit.all,
  queryKeys.application.all,
] as const;
