import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
  auto_incrementing: boolean;
}

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The tables of the connection's own schema (`current_schema()`: the one `search_path` names), as Kysely's
 * PostgreSQL introspector describes them. Kysely's own reads every table of every schema and calls functions on
 * each by its schema's name (`has_schema_privilege`, `pg_get_serial_sequence`), so a schema another process drops
 * meanwhile fails the whole query with "schema … does not exist": the migrator asks it on every start, and the
 * test suite's workers drop their schemas all the time (one worker's start failed so in CI; a loop reading it
 * while another client made and dropped schemas failed 853 of 5,529 reads). Another schema's tables, including
 * another installation's migration table, are none of this database's business anyway.
 */
export class OwnSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: any database, as Kysely's introspectors take
  constructor(private readonly db: Kysely<any>) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return new PostgresIntrospector(this.db).getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema, a.attname as column,
        a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type, dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as comment,
        pg_get_serial_sequence(c.oid::regclass::text, a.attname) is not null as auto_incrementing
      from pg_catalog.pg_attribute as a
        join pg_catalog.pg_class as c on c.oid = a.attrelid
        join pg_catalog.pg_namespace as ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type as typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace as dtns on dtns.oid = typ.typnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        isAutoIncrementing: row.auto_incrementing,
        hasDefaultValue: row.has_default,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the connection's own schema (OwnSchemaIntrospector). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: any database, as Kysely's dialects take
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
