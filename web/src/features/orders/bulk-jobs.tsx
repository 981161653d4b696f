// The bulk jobs on the orders page (issue 40 §5): each job of more than 500 orders with its
// progress bar while it runs ("Hentikan" stops it after the order in progress), then its result
// as the synchronous action shows one: how many changed, unchanged and refused, and the first
// refused orders with why. Shown in the bulk bar, from the server's list (use-bulk-jobs.ts), so
// it survives the page being closed.
import { Button } from '../../components/ui/button';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { T } from '../../text/id';
import { dismissJob, useCancelJob, type BulkJob } from './use-bulk-jobs';

export function BulkJobs({ jobs, spaced }: { jobs: BulkJob[]; spaced: boolean }) {
  return (
    <ul aria-label={T.bulk.jobs} className={`space-y-3 ${spaced ? 'mb-3' : ''}`}>
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} />
        </li>
      ))}
    </ul>
  );
}

function JobCard({ job }: { job: BulkJob }) {
  const cancel = useCancelJob();
  const title = T.bulk.jobTitle(T.bulk.jobKind[job.kind] ?? job.kind, job.total);
  if (job.state === 'queued' || job.state === 'running') {
    const labelId = `job-${job.id}-title`;
    return (
      <Notice tone="info">
        <p id={labelId} className="font-semibold">
          {title}
        </p>
        <progress className="mt-2 h-3 w-full accent-sky-700" max={job.total} value={job.done} aria-labelledby={labelId} />
        <p className="mt-1">{job.state === 'queued' ? T.bulk.jobQueued : T.bulk.jobProgress(job.done, job.total)}</p>
        <p className="mt-1 text-xs">{T.bulk.jobKeepsRunning}</p>
        <ErrorNotice error={cancel.error} />
        <Button variant="secondary" className="mt-2" onClick={() => cancel.mutate(job.id)} busy={cancel.isPending} disabled={cancel.isPending}>
          {T.bulk.jobCancel}
        </Button>
      </Notice>
    );
  }
  const refusedShown = job.errors.length;
  return (
    <Notice tone={job.state === 'done' && job.refused === 0 ? 'success' : 'warning'}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{job.state === 'done' ? T.bulk.jobDone : job.state === 'cancelled' ? T.bulk.jobCancelled : T.bulk.jobFailed}</p>
      <p className="mt-1 font-semibold">{T.bulk.result(job.changed, job.unchanged, job.refused)}</p>
      {refusedShown > 0 ? (
        <>
          <p className="mt-1">{T.bulk.refusedTitle}</p>
          <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5" tabIndex={0} aria-label={T.bulk.refusedTitle}>
            {job.errors.map((e) => (
              <li key={e.id}>{T.bulk.refusedLine(e.id, T.bulk.refusals[e.code] ?? e.code)}</li>
            ))}
          </ul>
          {job.refused > refusedShown ? <p className="mt-1">{T.bulk.jobMoreRefused(job.refused - refusedShown)}</p> : null}
        </>
      ) : null}
      <Button variant="ghost" className="mt-1 -ml-2 px-2" onClick={() => dismissJob(job.id)}>
        {T.close}
      </Button>
    </Notice>
  );
}
