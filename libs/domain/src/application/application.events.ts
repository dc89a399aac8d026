import type { DomainEvent } from '../shared/event';
import type {
  Applicant,
  ApplicationDocument,
  ApplicationFieldValue,
  ApplicationStatus,
  ApplicationTemplate,
  Insight,
} from './application.types';

/** Every application is one stream: `application-<id>`. */
export const applicationStream = (id: string) => `application-${id}`;
export const APPLICATION_STREAM_PREFIX = 'application-';

type Event<T extends string, D> = DomainEvent<T, D> & { schemaVersion: 1 };

/** Events that change the status say so, with the status they left (counters per status read the change alone). */
export interface StatusChange {
  status: ApplicationStatus;
  previousStatus: ApplicationStatus | null;
}

export type ApplicationOpened = Event<
  'ApplicationOpened',
  StatusChange & { applicationId: string; template: ApplicationTemplate; applicant: Applicant; customerReference: string | null }
>;
export type ApplicationDetailsSaved = Event<'ApplicationDetailsSaved', { fields: Record<string, ApplicationFieldValue> }>;
export type ApplicationDocumentAdded = Event<'ApplicationDocumentAdded', { document: ApplicationDocument }>;
export type ApplicationDocumentRemoved = Event<'ApplicationDocumentRemoved', { documentId: string; name: string; blobKey: string }>;
export type ApplicationVerificationsSelected = Event<
  'ApplicationVerificationsSelected',
  { verificationIds: string[]; added: string[]; removed: string[] }
>;
export type ApplicationSubmitted = Event<'ApplicationSubmitted', StatusChange & { verificationIds: string[] }>;
/** The verifications moved on: the application now waits for the applicant, or for the checks again. */
export type ApplicationProgressed = Event<'ApplicationProgressed', StatusChange>;
export type ApplicationCompleted = Event<'ApplicationCompleted', StatusChange & { insights: Insight[] }>;
export type ApplicationArchived = Event<'ApplicationArchived', StatusChange>;

export type ApplicationEvent =
  | ApplicationOpened
  | ApplicationDetailsSaved
  | ApplicationDocumentAdded
  | ApplicationDocumentRemoved
  | ApplicationVerificationsSelected
  | ApplicationSubmitted
  | ApplicationProgressed
  | ApplicationCompleted
  | ApplicationArchived;

export type ApplicationEventType = ApplicationEvent['type'];

export const APPLICATION_EVENT_TYPES: readonly ApplicationEventType[] = [
  'ApplicationOpened',
  'ApplicationDetailsSaved',
  'ApplicationDocumentAdded',
  'ApplicationDocumentRemoved',
  'ApplicationVerificationsSelected',
  'ApplicationSubmitted',
  'ApplicationProgressed',
  'ApplicationCompleted',
  'ApplicationArchived',
];

export const isApplicationEvent = (e: DomainEvent): e is ApplicationEvent =>
  (APPLICATION_EVENT_TYPES as readonly string[]).includes(e.type);

/** Makes an event (schema version 1) without repeating the envelope at each call site. */
export const applicationEvent = <E extends ApplicationEvent>(type: E['type'], data: E['data']): E =>
  ({ type, schemaVersion: 1, data }) as E;

/** The status an event leaves, when it changes it. */
export function statusChange(e: ApplicationEvent): StatusChange | null {
  const data = e.data as Partial<StatusChange>;
  return data.status !== undefined ? { status: data.status, previousStatus: data.previousStatus ?? null } : null;
}
