// Races inside interactive transactions only show on PostgreSQL: the embedded database gives one
// connection the whole backend for a transaction, so the other side waits instead of interleaving.
// The integration global setup names the server under test in INTEGRATION_SERVER_URL (empty on
// the embedded database).
export const onPostgres = Boolean(process.env.INTEGRATION_SERVER_URL);
