import { useHealth } from '../api/get-health';

/** Shows whether the API and its database answer, straight from GET /api/v1/health. */
export function HealthStatus() {
  const health = useHealth();

  if (health.isPending) {
    return (
      <p role="status" className="text-slate-600 dark:text-slate-300">
        Checking the server…
      </p>
    );
  }
  if (health.isError) {
    return (
      <p role="status" className="font-medium text-red-700 dark:text-red-300">
        Server unavailable: {health.error.message}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left">
      <dt className="text-slate-600 dark:text-slate-300">API</dt>
      <dd className="font-medium text-emerald-700 dark:text-emerald-300">{health.data.status}</dd>
      <dt className="text-slate-600 dark:text-slate-300">Database</dt>
      <dd className="font-medium text-emerald-700 dark:text-emerald-300">{health.data.database}</dd>
      <dt className="text-slate-600 dark:text-slate-300">Version</dt>
      <dd className="font-medium">{health.data.version}</dd>
    </dl>
  );
}
