import { Link } from 'wouter';
import { Check, Crown, LogIn, ShieldCheck } from 'lucide-react';
import { TERMINAL_FEATURES } from './feature-tiles';

export interface UpgradeCardProps {
  /** A visitor (401) also gets a way to sign in. */
  signedIn: boolean;
  /** The server's 403 message, when there is one. */
  message?: string;
}

/** What a visitor or a free plan sees instead of the terminal (spec 001 "Terminal"). */
export function UpgradeCard({ signedIn, message }: UpgradeCardProps) {
  return (
    <section
      aria-labelledby="terminal-upgrade-title"
      className="mx-auto w-full max-w-2xl rounded-lg border border-amber-400/40 bg-[#111827] p-6 text-slate-200 shadow-lg sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-950">
          <Crown className="size-6 shrink-0" aria-hidden="true" />
        </span>
        <div>
          <p className="text-xs font-bold tracking-widest text-amber-400 uppercase">Premium feature</p>
          <h2 id="terminal-upgrade-title" className="text-xl font-semibold text-slate-50 sm:text-2xl">
            Upgrade to unlock the Professional Trading Terminal
          </h2>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-300">
        {message ?? 'The terminal is part of the Premium and Professional plans.'} Get Bloomberg-style market
        monitoring at a fraction of the cost:
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {TERMINAL_FEATURES.map(({ title, text }) => (
          <li key={title} className="flex gap-2 text-sm">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-400" aria-hidden="true" />
            <span>
              <span className="font-semibold text-slate-100">{title}.</span>{' '}
              <span className="text-slate-400">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link
          href="/pricing"
          className="inline-flex h-10 items-center justify-center rounded-md bg-amber-400 px-5 text-sm font-semibold text-slate-950 hover:bg-amber-300"
        >
          View Plans
        </Link>
        {/* A full page load: only the paying pages' documents may load Stripe.js. */}
        <a
          href="/subscribe"
          className="inline-flex h-10 items-center justify-center rounded-md border border-slate-500 px-5 text-sm font-semibold text-slate-100 hover:bg-slate-800"
        >
          Subscribe Now
        </a>
      </div>
      <p className="mt-4 flex items-center gap-2 text-xs text-slate-400">
        <ShieldCheck className="size-4 text-emerald-400" aria-hidden="true" />
        7-day money-back guarantee
      </p>
      {signedIn ? null : (
        <p className="mt-3 flex items-center gap-1.5 border-t border-slate-800 pt-3 text-sm text-slate-300">
          <LogIn className="size-4" aria-hidden="true" />
          Already subscribed?{' '}
          <Link href="/login" className="font-semibold text-amber-300 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </p>
      )}
    </section>
  );
}
