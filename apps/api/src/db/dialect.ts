import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  schema: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  serial: boolean;
  comment: string | null;
}

/**
 * Tables and columns of the current schema only. Kysely's own introspector reads every schema of the database and
 * calls pg_get_serial_sequence on each column it saw; a table of another schema dropped or altered in between (a
 * test file tearing down its schema, another application's migration) made our start-up fail with "column … does
 * not exist". Its Migrator asks this introspector whether its tables exist, and `npm run db:types` reads the
 * migrated schema from it: neither needs another schema.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(_options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    // Kysely's migration tables are listed too: its Migrator looks for them here.
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, ns.nspname AS schema, c.relkind AS kind, a.attname AS column,
             t.typname AS type, tns.nspname AS type_schema, a.attnotnull AS not_null, a.atthasdef AS has_default,
             (a.attidentity <> '' OR pg_get_serial_sequence(c.oid::regclass::text, a.attname) IS NOT NULL) AS serial,
             col_description(c.oid, a.attnum) AS comment
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
        JOIN pg_catalog.pg_namespace tns ON tns.oid = t.typnamespace
       WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
       ORDER BY c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const r of rows) {
      let table = tables.get(r.table);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.kind === 'v', columns: [] };
        tables.set(r.table, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.serial,
        ...(r.comment == null ? {} : { comment: r.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** node-postgres under Kysely, for PGlite and PostgreSQL alike, with introspection of the current schema only. */
export class GuaritaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
