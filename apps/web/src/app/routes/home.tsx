import { HealthStatus } from '../../features/health/components/health-status';

// A placeholder until the landing page lands: proves the app, the API and the database talk.
export function HomeRoute() {
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-brand-700 dark:text-brand-100">Parla</h1>
      <p className="text-lg text-slate-700 dark:text-slate-200">Learn a language with short, real lessons.</p>
      <section
        aria-labelledby="server-status-title"
        className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800"
      >
        <h2 id="server-status-title" className="mb-3 text-base font-semibold">
          Server status
        </h2>
        <HealthStatus />
      </section>
    </main>
  );
}
