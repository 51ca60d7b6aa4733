import { type NodemailerError } from 'nodemailer/lib/errors';

import { ConnectorError } from '../../kit/errors.js';

const certificateErrorCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/**
 * Turns a nodemailer failure into a ConnectorError. Only codes and the server's reply are kept:
 * nodemailer errors can carry the transport options, credentials included.
 */
export const toConnectorError = (error: unknown, server: string): ConnectorError => {
  const failure = error as NodemailerError;
  const data = {
    server,
    ...(failure.responseCode === undefined ? {} : { responseCode: failure.responseCode }),
    ...(failure.response === undefined ? {} : { response: failure.response }),
  };
  const originalCode = failure.originalCode ?? failure.code;

  if (failure.code === 'EAUTH' || failure.code === 'ENOAUTH') {
    return new ConnectorError('invalid_config', `SMTP authentication with ${server} failed.`, data);
  }
  if (originalCode && certificateErrorCodes.has(originalCode)) {
    return new ConnectorError('invalid_certificate', `The TLS certificate of ${server} was refused (${originalCode}).`, data);
  }
  if (failure.code === 'ETIMEDOUT') {
    return new ConnectorError('general', `${server} did not answer in time.`, data);
  }
  if (failure.code === 'ECONNECTION' || failure.code === 'ESOCKET' || failure.code === 'EDNS') {
    return new ConnectorError('general', `Could not connect to ${server} (${originalCode ?? failure.code}).`, data);
  }
  if (failure.code === 'EENVELOPE') {
    return new ConnectorError('general', `${server} refused the sender or recipient.`, data);
  }
  return new ConnectorError('general', `Sending through ${server} failed.`, data);
};
