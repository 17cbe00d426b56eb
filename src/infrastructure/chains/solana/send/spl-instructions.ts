/**
 * The two SPL instructions a token transfer needs, encoded here rather than with @solana/spl-token's
 * builders: those write their data with Node's global `Buffer`, which a browser page does not have
 * (and the modal patches no globals). The layouts are the token programs' own; a unit test pins
 * them byte for byte against spl-token's builders in Node.
 */
import { ASSOCIATED_TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { SystemProgram, TransactionInstruction, type PublicKey } from '@solana/web3.js'

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
