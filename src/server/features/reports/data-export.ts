/**
 * The report branding in 'Download my data', its logo included as stored (base64): the owner's own upload is
 * their data too.
 */
import { eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { reportBranding } from './schema';

export const reportsAccountData = defineAccountData({
  reportBranding: async ({ tx, userId }) => {
    const [branding] = await tx
      .select({
        firmName: reportBranding.firmName,
        color: reportBranding.color,
        logo: reportBranding.logo,
        logoType: reportBranding.logoType,
        logoWidth: reportBranding.logoWidth,
        logoHeight: reportBranding.logoHeight,
        logoUpdatedAt: reportBranding.logoUpdatedAt,
        updatedAt: reportBranding.updatedAt,
      })
      .from(reportBranding)
      .where(eq(reportBranding.userId, userId));
    if (!branding) return null;
    const { logo, logoType, logoWidth, logoHeight, logoUpdatedAt } = branding;
    return {
      firmName: branding.firmName,
      color: branding.color,
      logo:
        logo && logoType && logoWidth !== null && logoHeight !== null && logoUpdatedAt
          ? {
              type: logoType,
              width: logoWidth,
              height: logoHeight,
              updatedAt: logoUpdatedAt.toISOString(),
              base64: logo.toString('base64'),
            }
          : null,
      updatedAt: branding.updatedAt.toISOString(),
    };
  },
});
