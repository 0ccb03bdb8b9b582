/** A command's failure in words for the person who ran it (the CLI prints the message alone). */
export class CommandError extends Error {}
