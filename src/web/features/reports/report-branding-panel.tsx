import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Crown, FileText, ImageUp, Trash2 } from 'lucide-react';
import type { User } from '../../../contracts/accounts';
import {
  FIRM_NAME_MAX,
  FOLIOWISE_REPORT_COLOR,
  LOGO_MAX_BYTES,
  LOGO_MAX_DIMENSION,
  LOGO_MIN_DIMENSION,
  LOGO_TYPES,
  ZSaveReportBrandingRequest,
  type ReportBrandingResponse,
} from '../../../contracts/reports';
import { readableTextColor } from '../../../domain/reports/report-layout';
import { inspectLogo } from '../../../domain/reports/report-logo';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api-client';
import { userHasFeature } from '../../lib/entitlement';
import { useReportBranding } from './get-report-branding';
import { reportLogoUrl, useRemoveReportLogo, useUploadReportLogo } from './report-logo';
import { useSaveReportBranding } from './save-report-branding';

/** /account's 'White-label reports' section: the branding form for Professional, an upsell for anyone else. */
export function ReportBrandingPanel({ user }: { user: User }) {
  const isProfessional = userHasFeature(user, 'white-label-reports');
  return (
    <section id="reports" aria-labelledby="report-branding-heading" className="scroll-mt-20">
      {isProfessional ? <BrandingEditor /> : <ReportsUpsell />}
    </section>
  );
}

function ReportsUpsell() {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="report-branding-heading" className="flex items-center gap-2">
          <Crown className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
          White-label reports are part of the Professional plan
        </CardTitle>
        <CardDescription>
          Download a PDF report of a portfolio — holdings, allocation charts, risk figures, health check and
          the analysis — under your own firm name, logo and colour.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link
          href="/pricing"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
        >
          Upgrade to Professional
        </Link>
      </CardContent>
    </Card>
  );
}

function BrandingEditor() {
  const branding = useReportBranding(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="report-branding-heading" className="flex items-center gap-2">
          <FileText className="size-5 shrink-0" aria-hidden="true" />
          White-label reports
        </CardTitle>
        <CardDescription>
          Your PDF reports carry this firm name, logo and colour instead of Foliowise&apos;s. Leave them empty
          to use Foliowise&apos;s own. Download a report from the analyzer.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {branding.data ? (
          <>
            <CoverPreview branding={branding.data} />
            <BrandingForm branding={branding.data} />
            <LogoField branding={branding.data} />
          </>
        ) : branding.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              {serverMessage(branding.error, 'Could not load your report branding.')}
            </AlertDescription>
          </Alert>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

/** What the report's cover band will look like. */
function CoverPreview({ branding }: { branding: ReportBrandingResponse }) {
  const color = branding.color ?? FOLIOWISE_REPORT_COLOR;
  return (
    <figure className="flex flex-col gap-2">
      <div
        className="flex min-h-24 items-center gap-4 rounded-md p-4"
        style={{ backgroundColor: color, color: readableTextColor(color) }}
      >
        {/* A logo that no longer decodes is left out of reports, so out of their preview too. */}
        {branding.logo && !branding.logoProblem ? (
          <span className="flex size-16 shrink-0 items-center justify-center rounded bg-white p-1">
            <img
              src={reportLogoUrl(branding.logo.updatedAt)}
              alt="Your logo"
              className="max-h-full max-w-full object-contain"
            />
          </span>
        ) : null}
        <span className="min-w-0 text-lg font-bold [overflow-wrap:anywhere]">
          {branding.firmName ?? 'Foliowise'}
        </span>
      </div>
      <figcaption className="text-xs text-muted-foreground">The cover of your reports</figcaption>
    </figure>
  );
}

function BrandingForm({ branding }: { branding: ReportBrandingResponse }) {
  const [firmName, setFirmName] = useState(branding.firmName ?? '');
  const [color, setColor] = useState(branding.color ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const save = useSaveReportBranding();
  const nameId = useId();
  const colorId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSaved(false);
    const parsed = ZSaveReportBrandingRequest.safeParse({ firmName, color });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    save.mutate(
      { firmName: parsed.data.firmName, color: parsed.data.color },
      {
        onSuccess: () => setIsSaved(true),
        onError: (cause) => setError(serverMessage(cause, 'Could not save your branding. Please try again.')),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={nameId}>Firm name</Label>
        <Input
          id={nameId}
          value={firmName}
          maxLength={FIRM_NAME_MAX}
          placeholder="Your firm’s name"
          autoComplete="organization"
          onChange={(event) => setFirmName(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={colorId}>Colour</Label>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick a colour"
            value={/^#[0-9a-f]{6}$/i.test(color) ? color : FOLIOWISE_REPORT_COLOR}
            onChange={(event) => setColor(event.target.value)}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <Input
            id={colorId}
            value={color}
            placeholder={FOLIOWISE_REPORT_COLOR}
            className="max-w-40 font-mono"
            aria-invalid={error !== null && error.includes('colour') ? true : undefined}
            onChange={(event) => setColor(event.target.value)}
          />
        </div>
      </div>
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save branding'}
        </Button>
        {isSaved ? (
          <p role="status" className="text-sm text-muted-foreground">
            Branding saved.
          </p>
        ) : null}
      </div>
    </form>
  );
}

function LogoField({ branding }: { branding: ReportBrandingResponse }) {
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadReportLogo();
  const remove = useRemoveReportLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server's own check of the bytes (type, size, dimensions), run here first to spare an upload it would
    // refuse; the server checks again.
    const verdict = inspectLogo(new Uint8Array(await file.arrayBuffer()));
    if (!verdict.ok) {
      setError(verdict.message);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onError: (cause) => setError(serverMessage(cause, 'Could not upload the logo. Please try again.')),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor={inputId}>Logo</Label>
      <p id={hintId} className="text-sm text-muted-foreground">
        PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB, from {LOGO_MIN_DIMENSION} to {LOGO_MAX_DIMENSION}{' '}
        pixels a side.
        {branding.logo
          ? ` Current logo: ${branding.logo.width} × ${branding.logo.height} px, ${Math.ceil(branding.logo.bytes / 1024)} KB.`
          : ' No logo yet.'}
      </p>
      {branding.logoProblem ? (
        <Alert variant="destructive">
          <AlertDescription>{branding.logoProblem}</AlertDescription>
        </Alert>
      ) : null}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={LOGO_TYPES.join(',')}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => void onFile(event)}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => inputRef.current?.click()}
        >
          <ImageUp aria-hidden="true" />
          {upload.isPending ? 'Uploading…' : branding.logo ? 'Replace logo' : 'Upload logo'}
        </Button>
        {branding.logo ? (
          <Button
            type="button"
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => setError(null),
                onError: (cause) => setError(serverMessage(cause, 'Could not remove the logo.')),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Remove logo
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
