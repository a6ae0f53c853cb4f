// Which new passwords are refused beyond the length rule (issue 40): the most common ones, as a maintained list.
import { dictionary } from '@zxcvbn-ts/language-common';

// About 49,000 passwords seen most often in leaks, lower case (zxcvbn-ts's list, MIT). Those shorter than the
// 8-character minimum are refused by the length rule already, so only the rest are kept.
const common = new Set(dictionary['passwords-common'].filter((password) => password.length >= 8));

/** "Password1" is as guessable as "password1": the list is compared without case. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.normalize('NFC').toLowerCase());
}
