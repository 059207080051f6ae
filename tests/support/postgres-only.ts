// Races between transactions show only on PostgreSQL: the embedded database gives one connection
// the backend for a whole transaction, so two transactions never interleave there. Tests of such
// races run when the integration suite runs on a PostgreSQL server (DATABASE_URL set; CI does).

/** Whether this integration run's database is on a PostgreSQL server. */
export const onPostgres = Boolean(process.env.INTEGRATION_SERVER_URL);

/** `test` on PostgreSQL, `test.skip` on the embedded database. */
export const testOnPostgres = onPostgres ? test : test.skip;
