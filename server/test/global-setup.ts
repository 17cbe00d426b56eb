/**
 * vitest globalSetup for the server project: one throwaway PostgreSQL cluster for the run (test
 * files make a database each on it, `inject('postgresUrl')`), stopped and removed at the end.
 */
import type { TestProject } from 'vitest/node'
import { freePort } from '../../tests/e2e/support/free-port.js'
import { startPostgresCluster } from './postgres-cluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = startPostgresCluster(await freePort())
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
