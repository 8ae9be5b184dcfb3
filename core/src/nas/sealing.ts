// Sealing a secret that must be shown again (the NAS password): AES-256-GCM with a key from configuration.
// A sealed value carries its own random iv, so the same password sealed twice differs.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  /** `keyMaterial`: any string; the key is its SHA-256 (a 32-byte key either way). */
  constructor(keyMaterial: string) {
    if (keyMaterial.length === 0) throw new Error('SecretBox needs key material');
    this.key = createHash('sha256').update(`nas-password-key\0${keyMaterial}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The plain text, or null when the value was sealed with another key (or altered). */
  open(sealed: string): string | null {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
