/**
 * The relay's memory: who is subscribed to which topic, and the messages each topic still holds.
 *
 * Subscriptions belong to a client id (the `did:key` in the client's auth JWT), not to a socket,
 * so a client that drops its connection keeps its subscriptions and gets the messages published
 * meanwhile when it comes back and subscribes again. A message stays until its TTL runs out; a
 * client receives each message at most until it acknowledges it, and never its own messages.
 */
import { createHash } from 'node:crypto'

export interface StoredMessage {
  /** Relay-local sequence number, also the id of the irn_subscription request that carries it. */
  seq: number
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  attestation: string
  publisher: string
  acked: Set<string>
}

export interface Delivery {
  clientId: string
  subscriptionId: string
  message: StoredMessage
}

export const MAX_MESSAGES_PER_TOPIC = 1000
/** The longest TTL the relay accepts, in seconds (30 days, as the hosted relay). */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
export const DEFAULT_TTL_SECONDS = 5 * 60

/** The subscription id a client expects: sha256 hex of topic + client id. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId).digest('hex')
}

export class Mailbox {
  private readonly subscribers = new Map<string, Set<string>>()
  private readonly messages = new Map<string, StoredMessage[]>()
  private seq = 0

  constructor(private readonly now: () => number) {}

  /** Subscribes a client; returns the subscription id and the messages now due to it on that topic. */
  subscribe(clientId: string, topic: string): { id: string; due: Delivery[] } {
    let set = this.subscribers.get(topic)
    if (!set) {
      set = new Set()
      this.subscribers.set(topic, set)
    }
    set.add(clientId)
    const id = subscriptionId(topic, clientId)
    return { id, due: this.pending(clientId, [topic]) }
  }

  unsubscribe(clientId: string, topic: string): void {
    const set = this.subscribers.get(topic)
    if (!set) return
    set.delete(clientId)
    if (set.size === 0) this.subscribers.delete(topic)
  }

  isSubscribed(clientId: string, topic: string): boolean {
    return this.subscribers.get(topic)?.has(clientId) ?? false
  }

  /** Stores a message; returns the deliveries due now (every subscriber but the publisher). */
  publish(input: {
    publisher: string
    topic: string
    message: string
    ttlSeconds: number
    tag: number
    attestation: string
  }): Delivery[] {
    const now = this.now()
    const ttl = Math.min(Math.max(input.ttlSeconds, 1), MAX_TTL_SECONDS)
    const stored: StoredMessage = {
      seq: ++this.seq,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      tag: input.tag,
      attestation: input.attestation,
      publisher: input.publisher,
      acked: new Set(),
    }
    const list = this.live(input.topic)
    if (list.some((m) => m.message === input.message)) return []
    list.push(stored)
    if (list.length > MAX_MESSAGES_PER_TOPIC) list.splice(0, list.length - MAX_MESSAGES_PER_TOPIC)
    this.messages.set(input.topic, list)
    const deliveries: Delivery[] = []
    for (const clientId of this.subscribers.get(input.topic) ?? []) {
      if (clientId === input.publisher) continue
      deliveries.push({ clientId, subscriptionId: subscriptionId(input.topic, clientId), message: stored })
    }
    return deliveries
  }

  /** Unacknowledged, unexpired messages on the given topics for a client subscribed to them. */
  pending(clientId: string, topics: readonly string[]): Delivery[] {
    const out: Delivery[] = []
    for (const topic of topics) {
      if (!this.isSubscribed(clientId, topic)) continue
      for (const m of this.live(topic)) {
        if (m.publisher === clientId || m.acked.has(clientId)) continue
        out.push({ clientId, subscriptionId: subscriptionId(topic, clientId), message: m })
      }
    }
    return out.sort((a, b) => a.message.seq - b.message.seq)
  }

  acknowledge(clientId: string, seq: number): void {
    for (const list of this.messages.values()) {
      const found = list.find((m) => m.seq === seq)
      if (found) {
        found.acked.add(clientId)
        return
      }
    }
  }

  /** Drops expired messages everywhere; returns how many were dropped. */
  sweep(): number {
    let dropped = 0
    for (const [topic, list] of this.messages) {
      const kept = list.filter((m) => m.expiresAt > this.now())
      dropped += list.length - kept.length
      if (kept.length === 0) this.messages.delete(topic)
      else this.messages.set(topic, kept)
    }
    return dropped
  }

  stats(): { topics: number; messages: number; subscriptions: number } {
    let messages = 0
    for (const list of this.messages.values()) messages += list.length
    let subscriptions = 0
    for (const set of this.subscribers.values()) subscriptions += set.size
    return { topics: this.subscribers.size, messages, subscriptions }
  }

  private live(topic: string): StoredMessage[] {
    const now = this.now()
    const list = this.messages.get(topic)
    if (!list) return []
    const kept = list.filter((m) => m.expiresAt > now)
    if (kept.length !== list.length) this.messages.set(topic, kept)
    return kept
  }
}
