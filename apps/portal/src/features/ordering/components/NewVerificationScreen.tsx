import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQueryClient } from '@tanstack/react-query';
import {
  afterSubmitPath,
  allowedTypes,
  APPLICATION_SUBMITTED_MS,
  APPLICATION_TEXTS,
  applicationAllowed,
  applicationSeed,
  applicationWizardSteps,
  asksTranscriptConfirmation,
  countBounds,
  countsFromQuery,
  entriesLocked,
  parseApplicationTypes,
  priceView,
  showsAddAllWarning,
  viewAfterApplication,
  type WizardApplication,
  fixedInstituteOf,
  IDENTITY_MAINTENANCE,
  identityUnderMaintenance,
  initialView,
  instituteChoice,
  invoiceSaved,
  newVerificationPermissions,
  normaliseExtraCredit,
  promotionRunning,
  START_CARD_ORDER,
  savedToHistory,
  typeByCode,
  TYPE_CARD_TITLE,
  validateDraft,
  WIZARD_VIEW_STEP,
  type TypeCode,
} from '@credence/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { get, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import type { ApplicationView } from '@/features/applications/api/applications';
import { type InstituteBody, type SubmittedVerification } from '@/features/ordering/api/ordering';
import { ApplicationDetailsStep } from '@/features/ordering/components/ApplicationDetailsStep';
import { UploadTimeoutWarning } from '@/features/ordering/components/UploadTimeoutWarning';
import { CountrySelector } from '@/features/ordering/components/CountrySelector';
import { EntryDetails, type EntryContext } from '@/features/ordering/components/EntryDetails';
import { InstituteSearch } from '@/features/ordering/components/InstituteSearch';
import { PaymentStep } from '@/features/ordering/components/PaymentStep';
import { ReviewStep } from '@/features/ordering/components/ReviewStep';
import { StartStep } from '@/features/ordering/components/StartStep';
import { instituteBodyQuery, useInstituteBodies, type PreviousPerson } from '@/features/ordering/hooks/useInstitutes';
import { useOrderQuote, useSaveForLater, useSubmitOrder } from '@/features/ordering/hooks/useOrder';
import {
  detailsErrors,
  documentCards,
  EMPTY_PERSON,
  entryTitle,
  hasUnsavedData,
  initialFields,
  newEntry,
  toSubmission,
  type EntryValues,
  type Person,
  type RuleContext,
  type WizardValues,
} from '@/features/ordering/wizard/model';
import { isUploadTimeout } from '@/features/ordering/wizard/uploadTimeout';
import { initIdentity, sandboxCaptureStep } from '@/features/verifications/api/identity';
import { deleteVerification } from '@/features/verifications/api/verifications';
import { useStartIdentityCheck } from '@/features/verifications/hooks/useIdentityCapture';
import { SandboxIdentityWidget } from '@/shared/identity/SandboxIdentityWidget';
import { ApiError } from '@/shared/api/client';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { useNotify } from '@/shared/notifications/useNotify';
import { ownRefLabel, useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { StepIndicator, type Step } from '@/shared/ui/steps';
import { localToday, toIsoDate } from '@/shared/ui/format';
import { SlideByStep } from '@/shared/ui/SlideByStep';

type View = 'application' | 'start' | 'multi' | 'order' | 'pay' | 'identity';

/** The wizard's 'Verify Identity' step (2.8), after payment, when the order holds an identity check. */
const IDENTITY_STEP = 55;
const VIEW_STEP: Record<View, number> = { ...WIZARD_VIEW_STEP, identity: IDENTITY_STEP };

/** New Verification (/verification/new, verifications 2.2): the wizard, opening where the rules say. */
export function NewVerificationScreen() {
  return <Wizard forceStart={false} />;
}

/** Start Verification (/verification/start): the same wizard, always on its start screen. */
export function StartVerificationScreen() {
  return <Wizard forceStart />;
}

/**
 * The wizard seeded with an open application (verifications 2.13, Start application): the Application Details
 * step first, the application's allowed types and bounds, its locked institutes pre-created, its pricing deciding
 * what is shown and charged, the owner's confirmation before submitting, and 'Application Submitted' after.
 */
export function ApplicationWizard({ application }: { application: ApplicationView }) {
  return <Wizard forceStart={false} application={application} />;
}

function Wizard({ forceStart, application }: { forceStart: boolean; application?: ApplicationView }) {
  const facts = useAccountFacts();
  const { claims } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const app = useMemo<WizardApplication | null>(
    () =>
      application
        ? { lockedInstitutes: application.lockedInstitutes ?? [], allowedTypes: parseApplicationTypes(application.allowedTypes), applicantPays: application.applicantPays, owner: application.owner }
        : null,
    [application],
  );
  const allowed = useMemo(() => applicationAllowed(allowedTypes(facts), app), [facts, app]);
  const bounds = useCallback((code: TypeCode) => countBounds(code, app?.allowedTypes), [app]);
  const locked = entriesLocked(app);
  const refLabel = ownRefLabel(claims);
  const refRequired = !!claims?.refRequired;
  const individual = !!claims?.isIndividual;
  const priceMode = priceView(facts, app);
  // Inside an application that does not charge the applicant, nothing is shown or charged: no card step.
  const paymentType = app && priceMode === 'hidden' ? 'NONE' : facts.paymentType;
  const currency = claims?.currency ?? 'GBP';
  const identityDown = identityUnderMaintenance(new Date().toISOString()) ? IDENTITY_MAINTENANCE.message : null;

  // What the URL asks for, read once: the query flags' counts, an institute picked elsewhere; or the application.
  const [start] = useState(() => {
    const counts = countsFromQuery(params, allowed, bounds);
    const institute = params.get('institute');
    let entries: EntryValues[] = [];
    if (app) {
      const seeded = applicationSeed(app, allowed).map((s) => newEntry(s.code, EMPTY_PERSON, s.instituteId));
      return { counts, entries: seeded, view: 'application' as View };
    }
    if (institute && allowed.includes('edu')) entries = [newEntry('edu', EMPTY_PERSON, institute)];
    else if (!forceStart && allowed.length === 1) entries = [newEntry(allowed[0], EMPTY_PERSON, fixedInstituteOf(allowed[0]))];
    else if (!forceStart) entries = entriesFor(counts, EMPTY_PERSON);
    const view: View = forceStart ? 'start' : initialView({ allowed, initInstitute: !!institute, preAdded: entries.length });
    return { counts, entries: view === 'start' ? [] : entries, view };
  });
  const [view, setView] = useState<View>(start.view);
  const [person, setPerson] = useState<Person>(EMPTY_PERSON);
  const [adding, setAdding] = useState(false);
  const [consent, setConsent] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  /** The verification the details open at, when the review's row edit or 'Add another verification' led there. */
  const [focusEntry, setFocusEntry] = useState<string | null>(null);
  /** The owner's confirmation before an application is submitted (2.2), and template 17's transcripts box. */
  const [confirmApplication, setConfirmApplication] = useState(false);
  const [transcripts, setTranscripts] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [searching, setSearching] = useState<Record<string, boolean>>({});
  const finished = useRef(false);
  /** The submitted identity verification waiting for its capture, and where the wizard goes after it. */
  const [capture, setCapture] = useState<{ id: string; person: { firstname: string; lastname: string; dob: string }; next: string } | null>(null);
  const startIdentity = useStartIdentityCheck(capture?.id ?? '');

  const ruleCtx = useRef<RuleContext>({ institutes: {}, refRequired, refLabel, inApplication: !!app, today: toIsoDate(new Date()) });
  const form = useRulesForm<WizardValues>({
    defaultValues: { entries: start.entries },
    validate: useCallback((v: WizardValues) => detailsErrors(v, ruleCtx.current), []),
  });
  const { control, handleSubmit, setValue, getValues, reset, trigger } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'entries', keyName: 'rhfKey' });
  const entries = (useWatch({ control, name: 'entries' }) ?? []) as EntryValues[];
  const { isDirty, errors, submitCount } = useFormState({ control });
  const institutes = useInstituteBodies(entries.flatMap((e) => (e.instituteId ? [e.instituteId] : [])), application?.id ?? null);
  ruleCtx.current = { ...ruleCtx.current, institutes };

  /**
   * Sets an entry up from its institute: its fields' defaults and its document cards (2.5, 2.6). When the institute
   * cannot be read, the loader closes with the spec's words (8) instead of 'Loading institute details…' for ever:
   * an entry whose institute is searched for goes back to its search; one whose institute is fixed (identity,
   * reference, English test) cannot be made, and goes.
   */
  const prepare = useCallback(
    async (key: string, instituteId: string) => {
      let body: InstituteBody;
      try {
        body = await queryClient.fetchQuery(instituteBodyQuery(instituteId, application?.id ?? null));
      } catch {
        const at = getValues('entries').findIndex((e) => e.key === key);
        const failed = at < 0 ? null : getValues(`entries.${at}`);
        if (!failed) return false;
        const fixed = instituteChoice(failed.code) === 'fixed';
        const message = fixed ? ADD_FAILED : failed.code === 'emp' ? 'Failed to build employment verification' : 'Failed to get Institute Details';
        notify({ severity: 'error', title: 'Error', message, durationMs: 7500 });
        // An institute picked in the search or the country list was never set: the entry stays as it was.
        if (failed.instituteId !== instituteId || failed.prepared) return false;
        if (fixed) {
          remove(at);
          if (getValues('entries').length === 0) setView(allowed.length > 1 ? 'start' : 'multi');
        } else {
          setValue(`entries.${at}.instituteId`, null);
          setSearching((s) => ({ ...s, [key]: true }));
        }
        return false;
      }
      const i = getValues('entries').findIndex((e) => e.key === key);
      if (i < 0) return false;
      const entry = getValues(`entries.${i}`);
      setValue(`entries.${i}`, { ...entry, instituteId, prepared: true, accreditation: false, fields: initialFields(body, individual ? (claims?.sub ?? null) : null), documents: documentCards(body) }, { shouldDirty: true });
      setSearching((s) => ({ ...s, [key]: false }));
      if (submitCount > 0) void trigger();
      return true;
    },
    [queryClient, getValues, setValue, individual, claims?.sub, submitCount, trigger, application?.id, notify, remove, allowed.length],
  );

  // Entries created with an institute (the URL's, a fixed one) are set up once it is read.
  useEffect(() => {
    for (const e of getValues('entries')) if (e.instituteId && !e.prepared) void prepare(e.key, e.instituteId);
  }, [getValues, prepare]);

  // Read at the moment of leaving (a ref), so a submit or a discard just made is seen before the next render.
  const unsaved = useRef(false);
  unsaved.current = hasUnsavedData(entries, isDirty);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !finished.current && unsaved.current && nextLocation.pathname !== currentLocation.pathname && nextLocation.pathname !== '/login',
  );

  const quoteLines = entries.flatMap((e) =>
    e.instituteId ? [{ id: e.key, instituteId: e.instituteId, candidateName: `${e.firstname} ${e.lastname}`.trim(), accreditation: e.accreditation }] : [],
  );
  const [extraCredit, setExtraCredit] = useState('0');
  const extra = paymentType === 'CARD' ? normaliseExtraCredit(extraCredit, 0) : 0;
  // An application that does not charge the applicant has nothing to quote (2.2: no prices shown).
  const quote = useOrderQuote(quoteLines, extra, (view === 'order' || view === 'pay') && priceMode !== 'hidden', application?.id ?? null);
  const submit = useSubmitOrder();
  const saveForLater = useSaveForLater();

  const withIdentity = entries.some((e) => e.code === 'idc') || view === 'identity';
  const steps: Step[] = [...applicationWizardSteps({ allowed, paymentType, application: !!app }), ...(withIdentity ? [{ label: 'Verify Identity', step: IDENTITY_STEP }] : [])].map((s) => ({
    label: s.label,
    state: s.step < VIEW_STEP[view] ? 'complete' : s.step === VIEW_STEP[view] ? 'active' : 'upcoming',
  }));

  const ctx: EntryContext = { priceMode, currency, refLabel, refRequired, inApplication: !!app, individual };
  // access 6.5: 252 in a new verification, 248 when removal is not allowed (an application's locked institutes).
  const permissions = newVerificationPermissions(!locked);

  async function startNext(counts: Partial<Record<TypeCode, number>>, p: Person) {
    setPerson(p);
    const created = entriesFor(counts, p);
    setAdding(true);
    const fixed = [...new Set(created.flatMap((e) => (e.instituteId ? [e.instituteId] : [])))];
    const ok = await Promise.all(
      fixed.map((id) => queryClient.fetchQuery(instituteBodyQuery(id, application?.id ?? null)).then(() => true, () => false)),
    );
    setAdding(false);
    if (ok.includes(false)) {
      notify({ severity: 'error', title: 'Error', message: ADD_FAILED, durationMs: 7500 });
      return;
    }
    reset({ entries: created }, { keepDefaultValues: true });
    for (const e of created) if (e.instituteId) void prepare(e.key, e.instituteId);
    setView('multi');
  }

  function addEntry(code: TypeCode) {
    const e = newEntry(code, person, fixedInstituteOf(code));
    append(e);
    if (e.instituteId) void prepare(e.key, e.instituteId);
    return e.key;
  }

  /** From the review (money 2.9): back to the details, opened and scrolled at one verification. */
  const scrollTo = useRef<string | null>(null);
  function editAt(key: string) {
    setFocusEntry(key);
    scrollTo.current = key;
    setView('multi');
  }

  // The details opened for one verification: it is brought into view once drawn (a verification just added is
  // drawn a render after the view), its accordion open; leaving the details forgets it.
  useEffect(() => {
    if (view !== 'multi') {
      if (focusEntry) setFocusEntry(null);
      return;
    }
    const el = scrollTo.current && document.getElementById(`entry-${scrollTo.current}`);
    if (!el) return;
    scrollTo.current = null;
    // (Optional call: not every environment scrolls; jsdom has no scrollIntoView.)
    el.scrollIntoView?.({ block: 'start' });
  });

  async function removeEntry(i: number) {
    const e = getValues(`entries.${i}`);
    if (e.serverId) {
      try {
        await deleteVerification(e.serverId);
      } catch {
        return;
      }
    }
    remove(i);
    if (getValues('entries').length === 0) setView(allowed.length > 1 ? 'start' : 'multi');
  }

  /** Submit or Next from the review: inside an application the owner's confirmation comes first (2.2). */
  function reviewNext() {
    if (app && !confirmApplication) {
      setTranscripts(false);
      setConfirmApplication(true);
      return;
    }
    setConfirmApplication(false);
    const due = quote.data?.unit === 'money' ? quote.data.total : 0;
    if (paymentType === 'CARD' && due > 0) setView('pay');
    else void placeOrder(null);
  }

  async function saveLater() {
    const values = getValues('entries');
    const today = toIsoDate(new Date());
    let bad = false;
    values.forEach((e, i) => {
      for (const p of validateDraft({ firstname: e.firstname, middlename: e.middlename || null, surname: e.lastname, dob: e.dob }, today)) {
        form.setError(`entries.${i}.dob`, { type: 'validate', message: p.message }, { shouldFocus: !bad });
        bad = true;
      }
    });
    if (bad) return;
    for (const [i, e] of values.entries()) {
      if (!e.instituteId) continue;
      let saved: SubmittedVerification & { documents?: { id: string; name: string; requirementId: string | null }[] };
      try {
        saved = await saveForLater.mutateAsync({ serverId: e.serverId, submission: withApplication(toSubmission(e, institutes[e.instituteId], false, !!app), application) });
      } catch {
        return;
      }
      const documents = e.documents.map((d) => {
        if (!d.data || d.serverId) return d;
        const match = saved.documents?.find((s) => (d.requirementId ? s.requirementId === d.requirementId : s.name === d.name));
        return { ...d, serverId: match?.id ?? null };
      });
      setValue(`entries.${i}`, { ...e, serverId: saved.id, documents });
      notify({ severity: 'success', title: 'Saved', message: savedToHistory(e.firstname, e.lastname), durationMs: 7500 });
    }
    reset(getValues());
  }

  /** Submits the order; a card refusal stays on the payment step with its reason, anything else returns to the details. */
  async function placeOrder(creditPurchase: { amount: number; btNonce: string | null; btSaveCard: boolean } | null): Promise<string | null> {
    const values = getValues('entries');
    let answers: SubmittedVerification[];
    const started = Date.now();
    try {
      answers = await submit.mutateAsync({
        entries: values.map((e) => ({ serverId: e.serverId, submission: withApplication(toSubmission(e, e.instituteId ? institutes[e.instituteId] : undefined, true, !!app), application) })),
        creditPurchase,
      });
    } catch (error) {
      // 8: documents that did not arrive within 5 minutes: the sticky warning with causes and advice.
      if (isUploadTimeout(error, started) && values.some((e) => e.documents.some((d) => d.data && !d.serverId))) {
        notify({ severity: 'error', title: 'Error', message: 'Request timed out after 5 minutes.', durationMs: 7500 });
        setTimedOut(true);
      }
      if (creditPurchase?.btNonce && error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
      // 2.2: a failed submit returns to the details without a message of its own (the API's error was shown).
      setView('multi');
      return null;
    }
    finished.current = true;
    const invoiceId = answers.find((a) => a.invoiceId)?.invoiceId ?? null;
    const ids = answers.map((a) => a.id);
    const nonApplicantIndividual = individual && !facts.isApplicant;
    const next = afterSubmitPath({ ids, invoiceId, nonApplicantIndividual });
    const paid = () => invoiceId && notify({ severity: 'success', title: 'Payment Complete', message: invoiceSaved(invoiceId), durationMs: 7500 });
    if (app) notify({ severity: 'success', title: 'Application Submitted', message: APPLICATION_TEXTS.submitted(app.owner.name), durationMs: APPLICATION_SUBMITTED_MS });
    // 2.8: an identity check waits for the individual's capture: the provider's widget runs before the wizard ends.
    // The answers come in the order sent: the new entries first, then the saved drafts.
    const sent = [...values.filter((e) => !e.serverId), ...values.filter((e) => e.serverId)];
    const at = sent.findIndex((e) => e.code === 'idc');
    const identity = at >= 0 ? answers[at] : undefined;
    if (identity && identity.result === 'NOT_FOUND') {
      // Paid now, captured next: 'Payment Complete' is said now, so the page after the capture is sent without the
      // invoiceId (it would say it again).
      paid();
      const e = sent[at];
      const after = afterSubmitPath({ ids, invoiceId: null, nonApplicantIndividual });
      setCapture({ id: identity.id, person: { firstname: e.firstname, lastname: e.lastname, dob: e.dob }, next: after });
      setView('identity');
      return null;
    }
    // 'Payment Complete' once: the history and the verification view say it from the invoiceId they are sent with;
    // only a destination without it (an individual's wallet) needs the wizard to say it.
    if (!next.includes('invoiceId=')) paid();
    void navigate(next);
    return null;
  }

  const byType = allowed.map((code) => ({ code, items: fields.map((f, i) => ({ f, i })).filter(({ i }) => entries[i]?.code === code) })).filter((g) => g.items.length > 0);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <StepIndicator label="New verification steps" steps={steps} />
      </Box>

      <SlideByStep step={VIEW_STEP[view]}>
        {view === 'application' && application && (
          <ApplicationDetailsStep application={application} onNext={() => setView(viewAfterApplication(getValues('entries').length, allowed))} />
        )}

        {view === 'start' && (
          <StartStep
            allowed={allowed}
            bounds={bounds}
            initialCounts={start.counts}
            person={person}
            showReference={!app}
            refLabel={refLabel}
            hasDiscount={!!claims?.hasDiscount && promotionRunning(localToday())}
            identityDown={identityDown}
            busy={adding}
            onCancel={() => (app ? setView('application') : void navigate('/home'))}
            onNext={(c, p) => void startNext(c, p)}
          />
        )}

        {view === 'multi' && (
          <Box component="form" noValidate onSubmit={(e) => void handleSubmit(() => setView('order'))(e)}>
            <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
              Verification Details
            </Typography>
            {app && showsAddAllWarning(allowed) && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {APPLICATION_TEXTS.addAll}
              </Alert>
            )}
            <Stack spacing={3}>
              {byType.map(({ code, items }) => (
                <Card key={code} variant="outlined" component="section" aria-label={TYPE_CARD_TITLE[code]}>
                  <CardContent sx={{ px: { xs: 1, sm: 2 } }}>
                    <Typography component="h3" variant="h6" sx={{ mb: 2 }}>
                      {TYPE_CARD_TITLE[code]}
                    </Typography>
                    {items.map(({ f, i }, n) => {
                      const entry = entries[i];
                      const body = entry.instituteId ? institutes[entry.instituteId] : undefined;
                      const title = entryTitle(body, typeByCode(code).name, n + 1);
                      const inError = submitCount > 0 && !!get(errors, `entries.${i}`);
                      const content = (
                        <EntryEditor
                          index={i}
                          entry={entry}
                          institute={body}
                          search={!entry.instituteId || !!searching[entry.key]}
                          control={control}
                          ctx={ctx}
                          permissions={permissions}
                          removable={!locked}
                          individual={individual}
                          instituteError={submitCount > 0 ? (get(errors, `entries.${i}.instituteId`) as { message?: string } | undefined)?.message : undefined}
                          onSelect={(id) => void prepare(entry.key, id)}
                          onChangeInstitute={() => setSearching((s) => ({ ...s, [entry.key]: true }))}
                          onCancelSearch={entry.instituteId ? () => setSearching((s) => ({ ...s, [entry.key]: false })) : undefined}
                          onDelete={() => setConfirmDelete(i)}
                          onUsePerson={(p) => {
                            for (const key of ['firstname', 'middlename', 'lastname', 'dob'] as const) {
                              setValue(`entries.${i}.${key}`, p[key], { shouldDirty: true, shouldValidate: submitCount > 0 });
                            }
                          }}
                        />
                      );
                      return items.length === 1 ? (
                        <Box key={f.rhfKey} id={`entry-${entry.key}`} sx={{ scrollMarginTop: 80 }}>
                          {content}
                        </Box>
                      ) : (
                        <Accordion
                          key={f.rhfKey}
                          id={`entry-${entry.key}`}
                          defaultExpanded={n === 0 || entry.key === focusEntry}
                          sx={{ scrollMarginTop: 80, ...(inError ? { borderLeft: 4, borderColor: 'error.main' } : {}) }}
                        >
                          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                            <Typography sx={{ fontWeight: 600, color: inError ? 'error.main' : undefined }}>
                              {title}
                              {entry.firstname || entry.lastname ? ` (${entry.firstname} ${entry.lastname})` : ''}
                              {inError ? ' (has errors)' : ''}
                            </Typography>
                          </AccordionSummary>
                          <AccordionDetails>{content}</AccordionDetails>
                        </Accordion>
                      );
                    })}
                    {!locked && items.length < bounds(code).max && (
                      <Button sx={{ mt: 2 }} onClick={() => addEntry(code)}>
                        Add another {typeByCode(code).name} Verification
                      </Button>
                    )}
                  </CardContent>
                </Card>
              ))}
              <FormSubmitBar control={control} label="Next">
                {app && <Button onClick={() => setView('application')}>Application Details</Button>}
                {allowed.length > 1 && !locked && <Button onClick={() => setView('start')}>Back</Button>}
                <Button variant="outlined" loading={saveForLater.isPending} onClick={() => void saveLater()} disabled={!entries.some((e) => e.instituteId)}>
                  Save for later
                </Button>
              </FormSubmitBar>
            </Stack>
          </Box>
        )}

        {view === 'order' && (
          <ReviewStep
            entries={entries}
            institutes={institutes}
            quote={quote.data}
            quoteLoading={quote.isFetching}
            individual={individual}
            consent={consent}
            onConsent={setConsent}
            payByCard={paymentType === 'CARD'}
            submitting={submit.isPending}
            extraCredit={paymentType === 'CARD' ? { value: extraCredit, onChange: setExtraCredit } : undefined}
            onBack={() => setView('multi')}
            onEdit={() => setView('multi')}
            onEditEntry={(i) => editAt(entries[i].key)}
            onDeleteEntry={locked ? undefined : (i) => setConfirmDelete(i)}
            addable={locked ? [] : allowed.filter((code) => entries.filter((e) => e.code === code).length < bounds(code).max)}
            onAdd={(code) => editAt(addEntry(code))}
            onNext={reviewNext}
          />
        )}

        {view === 'pay' && quote.data?.unit === 'money' && (
          <PaymentStep
            amount={quote.data.total}
            currency={quote.data.currency}
            email={claims?.sub ?? ''}
            submitting={submit.isPending}
            onBack={() => setView('order')}
            onPay={(nonce, saveCard) => placeOrder({ amount: extra, btNonce: nonce, btSaveCard: saveCard })}
          />
        )}

        {view === 'identity' && capture && (
          <Stack spacing={2}>
            <Typography component="h2" variant="h5">
              Verify Identity
            </Typography>
            <SandboxIdentityWidget
              init={() => initIdentity(capture.person)}
              capture={sandboxCaptureStep}
              onComplete={async (applicantId) => {
                await startIdentity.mutateAsync(applicantId);
                void navigate(capture.next);
              }}
            />
          </Stack>
        )}
      </SlideByStep>

      {app && (
        <Dialog open={confirmApplication} onClose={() => setConfirmApplication(false)} aria-labelledby="confirm-application-title">
          <DialogTitle id="confirm-application-title">Submit application</DialogTitle>
          <DialogContent>
            <DialogContentText>{APPLICATION_TEXTS.confirmAll(app.owner.name)}</DialogContentText>
            {asksTranscriptConfirmation(app.owner.template) && (
              <FormControlLabel
                sx={{ mt: 2 }}
                control={<Checkbox checked={transcripts} onChange={(e) => setTranscripts(e.target.checked)} />}
                label={APPLICATION_TEXTS.confirmTranscripts}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmApplication(false)}>No</Button>
            <Button variant="contained" disabled={asksTranscriptConfirmation(app.owner.template) && !transcripts} onClick={reviewNext}>
              Yes
            </Button>
          </DialogActions>
        </Dialog>
      )}

      {timedOut && <UploadTimeoutWarning onDismiss={() => setTimedOut(false)} />}

      <Dialog open={confirmDelete !== null} onClose={() => setConfirmDelete(null)} aria-labelledby="delete-verification-title">
        <DialogTitle id="delete-verification-title">Delete verification</DialogTitle>
        <DialogContent>
          <DialogContentText>Are you sure you want to delete this verification?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const i = confirmDelete;
              setConfirmDelete(null);
              if (i !== null) void removeEntry(i);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title">
        <DialogTitle id="unsaved-title">Unsaved Verification</DialogTitle>
        <DialogContent>
          <DialogContentText>Your Verification has not yet been saved, if you change pages your request will be lost.</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>Do you want to continue or discard this request?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            color="error"
            onClick={() => {
              // Discard clears what was entered (2.2); the page it was leaving for opens.
              finished.current = true;
              blocker.proceed?.();
            }}
          >
            Discard
          </Button>
          <Button variant="contained" onClick={() => blocker.reset?.()}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** verifications 8: the verifications asked for could not be made (an institute they need could not be read). */
const ADD_FAILED = 'Error adding new verifications. Please try again.';

/** A submission inside an application names it (verifications 3: applicationId). */
function withApplication<T extends object>(submission: T, application: ApplicationView | undefined): T & { applicationId?: string } {
  return application ? { ...submission, applicationId: application.id } : submission;
}

/** The entries the start screen's counts ask for, each with the individual's details (2.2). */
function entriesFor(counts: Partial<Record<TypeCode, number>>, person: Person): EntryValues[] {
  return START_CARD_ORDER.flatMap((code) => Array.from({ length: counts[code] ?? 0 }, () => newEntry(code, person, fixedInstituteOf(code))));
}

function EntryEditor({
  index,
  entry,
  institute,
  search,
  control,
  ctx,
  permissions,
  removable,
  individual,
  instituteError,
  onSelect,
  onChangeInstitute,
  onCancelSearch,
  onDelete,
  onUsePerson,
}: {
  index: number;
  entry: EntryValues;
  institute: InstituteBody | undefined;
  search: boolean;
  control: Parameters<typeof EntryDetails>[0]['control'];
  ctx: EntryContext;
  permissions: number;
  removable: boolean;
  individual: boolean;
  instituteError: string | undefined;
  onSelect: (instituteId: string) => void;
  onChangeInstitute: () => void;
  onCancelSearch?: () => void;
  onDelete: () => void;
  onUsePerson: (person: PreviousPerson) => void;
}) {
  const choice = instituteChoice(entry.code);
  return (
    <Stack spacing={2}>
      {instituteError && (
        <Alert severity="error" role="alert">
          {instituteError}
        </Alert>
      )}
      {search && choice === 'search' ? (
        <InstituteSearch idPrefix={`entry-${index}`} individual={individual} priceMode={ctx.priceMode} currency={ctx.currency} onSelect={(row) => onSelect(row.id)} onCancel={onCancelSearch} />
      ) : search && choice === 'country' ? (
        <CountrySelector idPrefix={`entry-${index}`} code={entry.code as 'emp' | 'hsc'} onSelect={onSelect} />
      ) : institute && entry.prepared ? (
        <EntryDetails
          control={control}
          index={index}
          entry={entry}
          institute={institute}
          permissions={permissions}
          ctx={ctx}
          onChangeInstitute={onChangeInstitute}
          onUsePerson={onUsePerson}
        />
      ) : (
        <Typography role="status">Loading institute details…</Typography>
      )}
      {removable && (
        <Box>
          <Button color="error" onClick={onDelete}>
            Delete verification
          </Button>
        </Box>
      )}
    </Stack>
  );
}
