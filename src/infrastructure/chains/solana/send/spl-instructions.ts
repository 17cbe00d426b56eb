/**
 * What a token transfer needs of the SPL programs, written here rather than imported from
 * @solana/spl-token: that package writes with Node's global `Buffer` while its modules load, which
 * a browser page does not have (and the modal patches no globals). A production build shook that
 * code out, but a dev server (a host's own Vite in development) loads the package whole and every
 * Solana send failed with "Buffer is not defined". The program ids, the account size, the
 * associated-account derivation and the two instructions' layouts are the programs' own; a unit
 * test pins them byte for byte against spl-token's in Node.
 */
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'

/** The classic token program. */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
/** The Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** A classic token account's size in bytes. */
export const ACCOUNT_SIZE = 165

/** The associated token account of `owner` for `mint` under `tokenProgram` (a program-derived address). */
export function associatedTokenAddress(mint: PublicKey, owner: PublicKey, tokenProgram: PublicKey): PublicKey {
  const [address] = PublicKey.findProgramAddressSync([owner.toBytes(), tokenProgram.toBytes(), mint.toBytes()], ASSOCIATED_TOKEN_PROGRAM_ID)
  return address
}

/** The Associated Token Account program's CreateIdempotent (instruction 1): a no-op when the account exists. */
export function createAssociatedTokenAccountIdempotent(
  payer: PublicKey,
  associatedToken: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: associatedToken, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    data: bytes([1]),
  })
}

/** The token program's TransferChecked (instruction 12): amount as a little-endian u64, then decimals. */
export function transferChecked(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
  tokenProgram: PublicKey,
): TransactionInstruction {
  const data = new Uint8Array(10)
  data[0] = 12
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = decimals
  return new TransactionInstruction({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: bytes(data),
  })
}

/** web3.js types instruction data as a Buffer but only reads it as bytes. */
function bytes(values: ArrayLike<number>): Buffer {
  return Uint8Array.from(values) as Buffer
}
