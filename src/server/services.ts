/**
 * Every service and provider of the app, built once at start (`buildApp` decorates the app with them as
 * `app.services`): each module of the list (feature-list.ts) builds its own context from its manifest, and
 * routes take what they need from here; they never build a provider themselves. Tests and benches replace parts
 * through `ServiceOverrides` (each module's options under its name); everything not overridden is the real thing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { createEmailDigest } from './crypto/email-digest';
import type { DatabaseHandle } from './db/client';
import {
  ACCOUNT_DATA_SECTIONS,
  bindFeature,
  type AccountDataReaders,
  type AccountDataSection,
  type AnyFeatureManifest,
  type BoundFeature,
  type FeatureDeps,
} from './feature';
import { FEATURES, type FeatureContexts, type FeatureOverrides } from './feature-list';
import type { UserChangeSubscriber } from './lib/user-cache';
import { createMailer, type Mailer } from './providers/mail';

/** What tests and benches may replace: each module's options under its name (its manifest says which), and mail. */
export type ServiceOverrides = FeatureOverrides & {
  /** Account mail; default: SMTP_URL's server, or the log without one. */
  mailer?: Mailer;
};

export type Services = FeatureContexts & {
  /** The modules of the list with their contexts: app.ts runs their start and shutdown, the registry their jobs. */
  features: readonly BoundFeature[];
  /**
   * Every per-user cache the session listener drops on a change (the sessions', /api/v1's). The current-user
   * plugin drops a user's entries in all of them after a write of theirs.
   */
  userCaches: readonly UserChangeSubscriber[];
};

/** `log` receives the vendors' failures (never their keys). */
export function createServices(
  config: AppConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
): Services {
  const { db } = database;
  if (config.isProduction && !config.hasPublicUrl) {
    log.warn(
      `PUBLIC_URL is not set: links in account mail and Stripe's return URLs point at ${config.publicUrl}`,
    );
  }
  const mail = {
    mailer: overrides.mailer ?? createMailer({ ...config.mail, isProduction: config.isProduction, log }),
    publicUrl: config.publicUrl,
  };
  const emailDigest = createEmailDigest(config.appSecret);
  const userCaches: UserChangeSubscriber[] = [];
  const accountData = accountDataReaders();
  const optionsByName: Readonly<Record<string, unknown>> = overrides;
  const listed = new Set<string>(FEATURES.map((feature) => feature.name));
  const contexts = new Map<string, unknown>();
  const bound: BoundFeature[] = [];
  const building: string[] = [];

  function use<C>(feature: { readonly name: string; context(deps: never): C }): C {
    return build(feature as AnyFeatureManifest<C>);
  }

  function build<C>(feature: AnyFeatureManifest<C>): C {
    const { name } = feature;
    if (contexts.has(name)) return contexts.get(name) as C;
    if (!listed.has(name))
      throw new Error(`${name} is used but not in the list (src/server/feature-list.ts)`);
    if (building.includes(name))
      throw new Error(`Modules use each other: ${[...building, name].join(' -> ')}`);
    building.push(name);
    // Each module's own entry of the overrides, by its name (ServiceOverrides types it per module).
    const deps: FeatureDeps<never> = {
      config,
      database,
      db,
      log,
      mail,
      emailDigest,
      userCaches,
      accountData,
      options: optionsByName[name] as never,
      use,
    };
    const context = feature.context(deps);
    building.pop();
    contexts.set(name, context);
    return context;
  }

  for (const feature of FEATURES) {
    const context = build(feature);
    const boundFeature = bindFeature(feature, context);
    bound.push(boundFeature);
    userCaches.push(...boundFeature.userCaches);
  }

  return {
    ...(Object.fromEntries(contexts) as FeatureContexts),
    features: bound,
    userCaches,
  };
}

/** Every part of 'Download my data', from the module that reads it (the list's type check: each part has one). */
function accountDataReaders(): AccountDataReaders<AccountDataSection> {
  const readers = new Map<string, unknown>();
  for (const feature of FEATURES) {
    for (const [section, read] of Object.entries(feature.accountData ?? {})) {
      if (readers.has(section)) throw new Error(`Two modules read the export's part ${section}`);
      readers.set(section, read);
    }
  }
  const missing = ACCOUNT_DATA_SECTIONS.filter((section) => !readers.has(section));
  if (missing.length > 0) throw new Error(`No module reads the export's parts ${missing.join(', ')}`);
  return Object.fromEntries(readers) as AccountDataReaders<AccountDataSection>;
}
