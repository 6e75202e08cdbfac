import { useSyncExternalStore } from 'react';

/** Spec 000 §9: one toast visible at a time; a new one replaces the current one. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast ('Undo'); choosing it closes the toast. */
export interface ToastAction {
  label: string;
  onSelect: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem extends Required<Pick<ToastInput, 'title'>> {
  id: string;
  description: string | undefined;
  variant: ToastVariant;
  action: ToastAction | undefined;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return toasts;
}

/** Shows a toast; usable outside components too (e.g. in a mutation's onError). Returns its id. */
export function toast({ title, description, variant = 'default', action }: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  emit([{ id, title, description, variant, action, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  emit(toasts.filter((item) => id !== undefined && item.id !== id));
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
