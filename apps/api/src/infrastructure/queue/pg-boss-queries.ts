/**
 * The two reads pg-boss's API cannot answer well: getQueues()/getQueueStats() serve counts cached by its monitor
 * (up to a minute old), and findJobs() has neither a state filter nor an order or limit. pg-boss documents its
 * tables for SQL use from other runtimes; we only read them, through the instance's own connection.
 * `pgboss.job` is the parent of every queue's partition, so one query sees all queues.
 */
export function depthSql(schema: string): string {
  return `
    SELECT q.name, count(j.id)::int AS depth
    FROM ${schema}.queue q
    LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
    GROUP BY q.name`;
}

/** Failed is terminal in pg-boss: the job used up retry_limit retries (retry_count counts retries, from 0). */
export function failedSql(schema: string, byQueue: boolean): string {
  return `
    SELECT name, singleton_key AS key, id, data, retry_count, output, completed_on
    FROM ${schema}.job
    WHERE state = 'failed' ${byQueue ? 'AND name = $2' : ''}
    ORDER BY completed_on DESC, id
    LIMIT $1`;
}

export interface FailedRow {
  name: string;
  key: string | null;
  id: string;
  data: unknown;
  retry_count: number;
  output: unknown;
  completed_on: Date;
}

/** pg-boss stores a thrown Error serialized ({ name, message, stack }); anything else as it was thrown. */
export function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message;
  }
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}
