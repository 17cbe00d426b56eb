/**
 * The database's versions, in order. A migration is never edited once released: a change is a new
 * one. `migrate` applies those not yet applied, each in its own transaction, under an advisory lock,
 * so replicas starting together migrate once (the others wait, then find nothing to do).
 */
import type { Database, Queryable } from './database.js'

export interface Migration {
  readonly version: number
  readonly name: string
  readonly sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'projects and their origins',
    sql: `
      CREATE TABLE projects (
        id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
        created_at timestamptz NOT NULL
      );
      CREATE TABLE project_origins (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        origin text NOT NULL,
        PRIMARY KEY (project_id, origin)
      );
    `,
  },
  {
    version: 2,
    name: 'analytics events',
    sql: `
      CREATE TABLE analytics_events (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        received_at timestamptz NOT NULL,
        occurred_at timestamptz,
        url text NOT NULL,
        domain text NOT NULL,
        sdk_type text NOT NULL,
        sdk_version text NOT NULL,
        props jsonb NOT NULL,
        PRIMARY KEY (project_id, event_id)
      );
      CREATE INDEX analytics_events_received_at ON analytics_events (received_at);
    `,
  },
  {
    version: 3,
    name: 'the wallet catalogue',
    sql: `
      CREATE TABLE wallets (
        id text PRIMARY KEY,
        name text NOT NULL,
        sort_order integer NOT NULL,
        listing jsonb NOT NULL
      );
      CREATE INDEX wallets_sort_order ON wallets (sort_order, id);
      CREATE TABLE wallet_images (
        image_id text PRIMARY KEY,
        content_type text NOT NULL,
        body bytea NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'rate limits shared by replicas',
    sql: `
      CREATE TABLE rate_limits (
        key text NOT NULL,
        window_start bigint NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (key, window_start)
      );
    `,
  },
  {
    version: 5,
    name: 'features a project turns off',
    sql: `ALTER TABLE projects ADD COLUMN disabled_features jsonb NOT NULL DEFAULT '[]'::jsonb;`,
  },
  {
    version: 6,
    name: 'name registrations',
    // One row per name, its owner in it: the primary key lets one registration of a name win
    // however many replicas race for it, and the owner decides in the same statement whether a
    // later one is its owner's update or a refusal.
    sql: `
      CREATE TABLE names (
        name text PRIMARY KEY,
        owner text NOT NULL CHECK (owner ~ '^0x[0-9a-f]{40}$'),
        registered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        attributes jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX names_owner ON names (owner);
      CREATE TABLE name_addresses (
        name text NOT NULL REFERENCES names (name) ON DELETE CASCADE,
        coin_type text NOT NULL,
        address text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (name, coin_type)
      );
    `,
  },
  {
    version: 7,
    name: 'sign-in nonces and sessions',
    // A nonce is taken by deleting it (one DELETE ... RETURNING: one attempt gets it, on any
    // replica). A session is found by the SHA-256 of its bearer token; the token is never stored.
    sql: `
      CREATE TABLE siwx_nonces (
        nonce text PRIMARY KEY,
        issued_at timestamptz NOT NULL
      );
      CREATE INDEX siwx_nonces_issued_at ON siwx_nonces (issued_at);
      CREATE TABLE siwx_sessions (
        token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        account_address text NOT NULL,
        chain_id text NOT NULL,
        origin text NOT NULL,
        data jsonb NOT NULL,
        message text NOT NULL,
        signature text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX siwx_sessions_expires_at ON siwx_sessions (expires_at);
      CREATE INDEX project_origins_origin ON project_origins (origin);
    `,
  },
  {
    version: 8,
    name: 'account activity indexed from chains',
    // The activity indexer's rows (one per account and transaction: the primary key makes every
    // write an idempotent upsert, so two indexers at once never duplicate a row), the accounts it
    // follows with the block each is indexed to, and the hashes of recent blocks it read, by which it
    // finds a reorganisation. A chain's epoch grows with each rollback: a write read before it is refused.
    sql: `
      CREATE TABLE activity_chains (
        chain_id bigint PRIMARY KEY,
        epoch integer NOT NULL DEFAULT 0
      );
      CREATE TABLE activity_accounts (
        chain_id bigint NOT NULL,
        address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
        synced_to bigint NOT NULL,
        followed_at timestamptz NOT NULL,
        PRIMARY KEY (chain_id, address)
      );
      CREATE INDEX activity_accounts_synced_to ON activity_accounts (chain_id, synced_to);
      CREATE TABLE activity_blocks (
        chain_id bigint NOT NULL,
        number bigint NOT NULL,
        hash text NOT NULL CHECK (hash ~ '^0x[0-9a-f]{64}$'),
        PRIMARY KEY (chain_id, number)
      );
      CREATE TABLE activity_rows (
        chain_id bigint NOT NULL,
        account text NOT NULL CHECK (account ~ '^0x[0-9a-f]{40}$'),
        hash text NOT NULL CHECK (hash ~ '^0x[0-9a-f]{64}$'),
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        tx_index integer NOT NULL,
        mined_at bigint NOT NULL,
        sender text NOT NULL,
        recipient text,
        nonce bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
        transfers jsonb NOT NULL,
        PRIMARY KEY (chain_id, account, hash)
      );
      CREATE INDEX activity_rows_newest ON activity_rows (chain_id, account, block_number DESC, tx_index DESC);
      CREATE INDEX activity_rows_block ON activity_rows (chain_id, block_number);
    `,
  },
  {
    version: 9,
    name: 'embedded wallet keys sealed at rest, and their signatures',
    // A user's keys sealed under a data key of their own, the data key wrapped by the key-encryption
    // key `kek_id` names (src/wallet/key-encryption.ts): nothing here opens without it. The audit
    // table records every signature a key made: who, what, for which origin, when.
    sql: `
      CREATE TABLE wallet_keys (
        user_id text PRIMARY KEY CHECK (length(user_id) BETWEEN 1 AND 128),
        kek_id text NOT NULL CHECK (kek_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
        wrapped_key bytea NOT NULL,
        sealed bytea NOT NULL,
        evm_address text NOT NULL UNIQUE CHECK (evm_address ~ '^0x[0-9a-f]{40}$'),
        solana_address text NOT NULL UNIQUE CHECK (solana_address ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
        created_at timestamptz NOT NULL,
        rewrapped_at timestamptz
      );
      CREATE INDEX wallet_keys_kek_id ON wallet_keys (kek_id);
      CREATE TABLE wallet_signatures (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES wallet_keys (user_id),
        method text NOT NULL,
        summary text NOT NULL,
        origin text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX wallet_signatures_user ON wallet_signatures (user_id, created_at DESC);
    `,
  },
  {
    version: 10,
    name: 'embedded wallet users, their identities, devices, codes, attempts and sessions',
    // What the login rules keep (src/wallet/login): one row per user; a proved email names one user
    // at most; an identity (a provider's subject, a Farcaster fid) names one user for good. Sessions
    // and device links are kept by the SHA-256 of their token, never the token: a copy of this
    // database signs nobody in. Times the rules compare are milliseconds since the epoch.
    sql: `
      CREATE TABLE wallet_users (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
        email text NOT NULL DEFAULT '',
        email_verified boolean NOT NULL,
        social_provider text,
        user_name text,
        preferred_account_type text CHECK (preferred_account_type IN ('smartAccount', 'eoa')),
        created_at bigint NOT NULL
      );
      CREATE UNIQUE INDEX wallet_users_proved_email ON wallet_users (email) WHERE email_verified;
      CREATE TABLE wallet_identities (
        key text PRIMARY KEY,
        user_id text NOT NULL REFERENCES wallet_users (id)
      );
      CREATE TABLE wallet_devices (
        user_id text NOT NULL REFERENCES wallet_users (id),
        device_id text NOT NULL,
        PRIMARY KEY (user_id, device_id)
      );
      CREATE TABLE wallet_codes (
        key text PRIMARY KEY,
        code text NOT NULL,
        recipient text NOT NULL,
        device_id text NOT NULL,
        expires_at bigint NOT NULL,
        attempts_left integer NOT NULL
      );
      CREATE TABLE wallet_code_sent (
        key text PRIMARY KEY,
        at bigint NOT NULL
      );
      CREATE TABLE wallet_attempts (
        key text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX wallet_attempts_key ON wallet_attempts (key, at);
      CREATE TABLE wallet_locks (
        key text PRIMARY KEY,
        at bigint NOT NULL,
        until bigint NOT NULL,
        strikes integer NOT NULL
      );
      CREATE TABLE wallet_device_links (
        token_hash bytea PRIMARY KEY,
        email text NOT NULL,
        device_id text NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE TABLE wallet_email_updates (
        user_id text PRIMARY KEY REFERENCES wallet_users (id),
        new_email text NOT NULL,
        stage text NOT NULL CHECK (stage IN ('primary', 'secondary'))
      );
      CREATE TABLE wallet_sessions (
        token_hash bytea PRIMARY KEY,
        user_id text NOT NULL,
        device_id text NOT NULL,
        app text,
        expires_at bigint NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX wallet_sessions_user ON wallet_sessions (user_id);
    `,
  },
  {
    version: 11,
    name: 'values a login hands out once: social sign-in flows and tickets, Farcaster channels, device approval forms',
    // What a login holds between its steps (src/wallet/login/one-time-values),
    // shared by replicas: a callback on one replica finds the flow another started, and a ticket or
    // a channel is taken once (DELETE ... RETURNING). Kept by the SHA-256 of the value handed out.
    sql: `
      CREATE TABLE wallet_one_time (
        kind text NOT NULL CHECK (kind IN ('social-flow', 'social-ticket', 'farcaster-channel', 'device-approval-form')),
        key_hash bytea NOT NULL,
        value jsonb NOT NULL,
        expires_at bigint NOT NULL,
        PRIMARY KEY (kind, key_hash)
      );
      CREATE INDEX wallet_one_time_expiry ON wallet_one_time (expires_at);
    `,
  },
  {
    version: 12,
    name: 'embedded wallet passkeys, and their ceremonies\' challenges handed out once',
    // A passkey (src/wallet/login/passkeys) is a WebAuthn credential of the wallet origin: its id, its
    // public key (COSE), its signature counter. Nothing here signs anyone in without the
    // authenticator's private key, which never leaves it.
    sql: `
      ALTER TABLE wallet_one_time DROP CONSTRAINT wallet_one_time_kind_check;
      ALTER TABLE wallet_one_time ADD CONSTRAINT wallet_one_time_kind_check
        CHECK (kind IN ('social-flow', 'social-ticket', 'farcaster-channel', 'device-approval-form', 'passkey-registration', 'passkey-login'));
      CREATE TABLE wallet_passkeys (
        credential_id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES wallet_users (id),
        public_key bytea NOT NULL,
        counter bigint NOT NULL,
        transports text NOT NULL DEFAULT '',
        created_at bigint NOT NULL,
        last_used_at bigint
      );
      CREATE INDEX wallet_passkeys_user ON wallet_passkeys (user_id);
    `,
  },
  {
    version: 13,
    name: 'answers of writes retried with an Idempotency-Key',
    // src/idempotency.ts: the key only as a hash (with its route and caller), the answer sealed
    // under a key derived from the Idempotency-Key, which the database never sees.
    sql: `
      CREATE TABLE idempotent_requests (
        scope text PRIMARY KEY,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'done')),
        status integer,
        body bytea,
        created_at bigint NOT NULL
      );
      CREATE INDEX idempotent_requests_age ON idempotent_requests (created_at);
    `,
  },
  {
    version: 14,
    name: 'gas sponsorship used a day',
    // src/sponsorship/usage.ts: per project and UTC day, the project's total (account '') and each
    // account's, updated only within the policy's limits under the row's lock.
    sql: `
      CREATE TABLE sponsorship_usage (
        project_id text NOT NULL,
        day date NOT NULL,
        account text NOT NULL,
        operations integer NOT NULL CHECK (operations >= 0),
        gas numeric(78, 0) NOT NULL CHECK (gas >= 0),
        wei numeric(78, 0) NOT NULL CHECK (wei >= 0),
        PRIMARY KEY (project_id, day, account)
      );
    `,
  },
  {
    version: 15,
    name: 'sponsorship tickets for browser wallets',
    // src/sponsorship/tickets.ts: a ticket only as its hash, bound to a project, a chain and an
    // account, good until expires_at (ms since the epoch); no session can be found by it.
    sql: `
      CREATE TABLE sponsorship_tickets (
        ticket_hash text PRIMARY KEY,
        project_id text NOT NULL,
        chain_id bigint NOT NULL,
        account text NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE INDEX sponsorship_tickets_account ON sponsorship_tickets (project_id, account);
      CREATE INDEX sponsorship_tickets_age ON sponsorship_tickets (expires_at);
    `,
  },
]

/** Walletgate's own key for the advisory lock that migrations take (any fixed 64-bit number). */
const MIGRATION_LOCK = '8606212549113244274'

/** Applies the migrations not yet applied; returns the versions it applied (none when up to date). */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.session(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK])
    try {
      await connection.exec(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )
      `)
      const applied = new Set((await connection.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version))
      const done: number[] = []
      for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.has(migration.version)) continue
        await inTransaction(connection, async () => {
          await connection.exec(migration.sql)
          await connection.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
        })
        done.push(migration.version)
      }
      return done
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK])
    }
  })
}

/** The newest version applied, or 0 on an empty database. */
export async function schemaVersion(db: Queryable): Promise<number> {
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
  if (exists.rows[0]?.present !== true) return 0
  const { rows } = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')
  return rows[0]?.version ?? 0
}

async function inTransaction(connection: Queryable, work: () => Promise<void>): Promise<void> {
  await connection.exec('BEGIN')
  try {
    await work()
    await connection.exec('COMMIT')
  } catch (error) {
    await connection.exec('ROLLBACK')
    throw error
  }
}
