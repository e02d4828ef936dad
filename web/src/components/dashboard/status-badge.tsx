import type { Service } from '@domain/api';
import { statusWordsOf, type StatusTone, type StatusWords } from '@domain/status-words';

const TONES: Record<StatusTone, string> = {
  positive: 'bg-green-100 text-green-800',
  progress: 'bg-sky-100 text-sky-900',
  warning: 'bg-amber-100 text-amber-900',
  danger: 'bg-red-100 text-red-800',
  neutral: 'bg-slate-200 text-slate-700',
};

/** A service's words (#26): its desired state (D22) and where its provider part stands. */
export function serviceWords(
  service: Pick<Service, 'state' | 'status' | 'category'> & {
    provisioning: Pick<Service['provisioning'], 'state'>;
    vps?: Pick<NonNullable<Service['vps']>, 'reinstalling'>;
  },
): StatusWords {
  return statusWordsOf({
    state: service.state,
    status: service.status,
    provider: service.provisioning.state,
    category: service.category,
    reinstalling: Boolean(service.vps?.reinstalling),
  });
}

export function StatusBadge({ words, testId }: { words: StatusWords; testId?: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[words.tone]}`}
      {...(testId ? { 'data-testid': testId } : {})}
    >
      {words.word}
    </span>
  );
}
