#!/usr/bin/env node
// `npm start`: the local devnet (chains, blockchain service, relay) and the demo host app on
// http://127.0.0.1:5173. Ctrl-C stops both; nothing is left running.
import { spawn } from 'node:child_process'

const children = []
let stopping = false

function start(name, command, args) {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env })
  children.push(child)
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${code ?? signal}); stopping`)
      stop(code ?? 1)
    }
  })
  return child
}

function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    process.exit(code)
  }, 5000)
  deadline.unref()
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null))).then(() =>
    process.exit(code),
  )
}

process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

start('devnet', process.execPath, ['--import', 'tsx', 'devnet/src/main.ts'])
start('demo', process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'vite.demo.config.ts'])
