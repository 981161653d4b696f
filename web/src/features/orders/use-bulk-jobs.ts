// Bulk jobs (issue 40 §5): a bulk move or assignment of more than 500 orders runs on the server
// as a job. The page polls the store's recent jobs while one runs, and remembers in this browser
// the jobs started here until their result is dismissed, so that closing the page or coming back
// tomorrow still shows how the job went; jobs of the store that are still running show to every
// member who may see them (owners and admins: all; a CS: their own).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { api, call, type ApiError, type paths } from '../../api/client';
import { orderKeys } from './use-orders';

export type BulkJob = paths['/dashboard/api/jobs/{id}']['get']['responses'][200]['content']['application/json']['job'];
export type StartedJob = paths['/dashboard/api/orders/bulk-status']['post']['responses'][202]['content']['application/json']['job'];

export const jobKeys = { all: ['bulk-jobs'] as const };

const STORAGE_KEY = 'lapak.bulkJobs';
const listeners = new Set<() => void>();

function readKept(): number[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

let keptCache = '';
let keptIds: number[] = [];
function keptSnapshot(): number[] {
  const raw = (() => {
    try {
      return localStorage.getItem(STORAGE_KEY) ?? '[]';
    } catch {
      return '[]';
    }
  })();
  if (raw !== keptCache) {
    keptCache = raw;
    keptIds = readKept();
  }
  return keptIds;
}

function writeKept(ids: number[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-20)));
  } catch {
    // Private mode without storage: the running jobs still show from the server's list.
  }
  for (const listener of listeners) listener();
}

/** Keeps a job started here on the page until its result is dismissed. */
export function keepJob(id: number): void {
  writeKept([...keptSnapshot().filter((kept) => kept !== id), id]);
}

export function dismissJob(id: number): void {
  writeKept(keptSnapshot().filter((kept) => kept !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => (event.key === STORAGE_KEY ? listener() : undefined);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const unfinished = (job: BulkJob) => job.state === 'queued' || job.state === 'running';

/**
 * The jobs the page shows: every unfinished job of the store this member sees, and the jobs
 * started in this browser until dismissed. Polled every second while one of them runs; when one
 * ends, the orders are asked again.
 */
export function useBulkJobs(): BulkJob[] {
  const queryClient = useQueryClient();
  const kept = useSyncExternalStore(subscribe, keptSnapshot, () => []);
  const list = useQuery({
    queryKey: jobKeys.all,
    queryFn: async () => (await call(api.GET('/dashboard/api/jobs'))).jobs,
    refetchInterval: (query) => ((query.state.data ?? []).some(unfinished) ? 1000 : false),
  });
  const jobs = (list.data ?? []).filter((job) => unfinished(job) || kept.includes(job.id));
  const running = useRef(new Set<number>());
  const ended = useCallback(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }), [queryClient]);
  useEffect(() => {
    let changed = false;
    for (const job of jobs) {
      if (unfinished(job)) running.current.add(job.id);
      else if (running.current.delete(job.id)) changed = true;
    }
    if (changed) ended();
  }, [jobs, ended]);
  return jobs;
}

/** After a 202: the job is kept on the page and the list asked again at once. */
export function useJobStarted(): (job: StartedJob) => void {
  const queryClient = useQueryClient();
  return (job) => {
    keepJob(job.id);
    void queryClient.invalidateQueries({ queryKey: jobKeys.all });
  };
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation<BulkJob, ApiError, number>({
    mutationFn: async (id) => (await call(api.POST('/dashboard/api/jobs/{id}/cancel', { params: { path: { id } } }))).job,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
