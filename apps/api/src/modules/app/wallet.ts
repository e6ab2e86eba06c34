import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";

/** BIP-44 external chain of the first Ethereum account; a user's address index is their number. */
const ACCOUNT_PATH = "m/44'/60'/0'/0";

export interface WalletDeriver {
  /** The EIP-55 checksummed address of the customer with this user number. */
  addressFor(userNumber: number): string;
}

export function isValidWalletSeed(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim().replace(/\s+/g, " "), wordlist);
}

/**
 * Derives customers' wallet addresses from one HD seed. Only the account's extended public key is
 * kept after start-up: addresses need no private key, and none is stored per user.
 */
export function walletDeriver(mnemonic: string): WalletDeriver {
  const normalised = mnemonic.trim().replace(/\s+/g, " ");
  if (!validateMnemonic(normalised, wordlist)) throw new Error("WALLET_SEED is not a valid BIP-39 mnemonic");
  const account = HDKey.fromExtendedKey(
    HDKey.fromMasterSeed(mnemonicToSeedSync(normalised)).derive(ACCOUNT_PATH).publicExtendedKey,
  );
  return {
    addressFor(userNumber) {
      const child = account.deriveChild(userNumber);
      const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
      const hex = Buffer.from(keccak_256(uncompressed.slice(1)).slice(-20)).toString("hex");
      return checksum(hex);
    },
  };
}

/** EIP-55 mixed-case checksum encoding. */
function checksum(hex: string): string {
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString("hex");
  let out = "0x";
  for (let i = 0; i < hex.length; i++) {
    out += Number.parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i];
  }
  return out;
}
