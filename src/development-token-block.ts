/**
 * The development token as a developer reads it on a terminal: a few lines with the token and a `curl` to try, instead
 * of a JSON log line (issue 17). Plain text, no colours, so it can be copied as is.
 */
export function developmentTokenBlock(token: string, api: string, explorer: string, secretFile: string): string {
  return [
    '',
    `Development token: no AUTH_* key is set, so tokens are signed with the secret in ${secretFile} (kept across restarts).`,
    'Administrator, user 1, valid 24 h:',
    '',
    `  export TOKEN=${token}`,
    `  curl -X POST ${api}/events \\`,
    '    -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\',
    `    -d '{"title":"Hello","start_date":"tomorrow 10am","end_date":"tomorrow 11am"}'`,
    '',
    `Explorer: ${explorer} (Authorize, paste the token, then Try it out)`,
    '',
  ].join('\n');
}
