import { customAlphabet } from 'nanoid';

import { idLength, userIdLength } from '@gatehouse/schemas';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random URL-safe id of 21 characters (ARCHITECTURE §4). */
export const generateId = customAlphabet(alphabet, idLength);

/** User ids are 12 characters. */
export const generateUserId = customAlphabet(alphabet, userIdLength);

/** Client secrets: 32 characters from a 62-character alphabet (~190 bits). */
export const generateSecret = customAlphabet(
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  32,
);
