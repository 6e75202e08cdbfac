/** Every query of the reports feature: the Professional user's report branding (`report_branding`). */
import { eq, sql } from 'drizzle-orm';
import type { LogoType } from '../../../contracts/reports';
import type { Database } from '../../db/client';
import { reportBranding } from './schema';

export interface BrandingRow {
  firmName: string | null;
  color: string | null;
  logoType: LogoType | null;
  logoWidth: number | null;
  logoHeight: number | null;
  logoBytes: number | null;
  logoUpdatedAt: Date | null;
}

const brandingColumns = {
  firmName: reportBranding.firmName,
  color: reportBranding.color,
  logoType: sql<LogoType | null>`${reportBranding.logoType}`,
  logoWidth: reportBranding.logoWidth,
  logoHeight: reportBranding.logoHeight,
  logoBytes: sql<number | null>`octet_length(${reportBranding.logo})`,
  logoUpdatedAt: reportBranding.logoUpdatedAt,
};

/** The branding with the logo's bytes (the report and the preview image). */
export async function findBrandingWithLogo(
  db: Database,
  userId: string,
): Promise<(BrandingRow & { logo: Buffer | null }) | undefined> {
  const [row] = await db
    .select({ ...brandingColumns, logo: reportBranding.logo })
    .from(reportBranding)
    .where(eq(reportBranding.userId, userId));
  return row;
}

export async function upsertBrandingText(
  db: Database,
  userId: string,
  values: { firmName: string | null; color: string | null },
): Promise<BrandingRow> {
  const [row] = await db
    .insert(reportBranding)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: reportBranding.userId,
      set: { firmName: values.firmName, color: values.color, updatedAt: sql`now()` },
    })
    .returning(brandingColumns);
  if (!row) throw new Error('report_branding upsert returned no row');
  return row;
}

export async function upsertBrandingLogo(
  db: Database,
  userId: string,
  logo: { bytes: Buffer; type: LogoType; width: number; height: number },
): Promise<BrandingRow> {
  const values = {
    logo: logo.bytes,
    logoType: logo.type,
    logoWidth: logo.width,
    logoHeight: logo.height,
    logoUpdatedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
  const [row] = await db
    .insert(reportBranding)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reportBranding.userId, set: values })
    .returning(brandingColumns);
  if (!row) throw new Error('report_branding upsert returned no row');
  return row;
}

/** Removes the logo; the firm name and colour stay. Undefined when there was no branding row. */
export async function clearBrandingLogo(db: Database, userId: string): Promise<BrandingRow | undefined> {
  const [row] = await db
    .update(reportBranding)
    .set({
      logo: null,
      logoType: null,
      logoWidth: null,
      logoHeight: null,
      logoUpdatedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(reportBranding.userId, userId))
    .returning(brandingColumns);
  return row;
}
