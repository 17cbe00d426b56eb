/** A refusal with its HTTP status: the server's error handler answers it as `{ message }`. */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}
