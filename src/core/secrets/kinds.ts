// The kinds of secret a persona file can hold: a name for people and the environment
// variable a quick fix would put in the value's place. Pure: no detection here.

export interface SecretKindInfo {
  /** "OpenAI API key". */
  readonly label: string;
  /** The reference that stands in for the value: `${OPENAI_API_KEY}`. */
  readonly variable: string;
}

export const SECRET_KINDS = {
  'openai-api-key': { label: 'OpenAI API key', variable: 'OPENAI_API_KEY' },
  'anthropic-api-key': { label: 'Anthropic API key', variable: 'ANTHROPIC_API_KEY' },
  'google-api-key': { label: 'Google API key', variable: 'GOOGLE_API_KEY' },
  'openrouter-api-key': { label: 'OpenRouter API key', variable: 'OPENROUTER_API_KEY' },
  'groq-api-key': { label: 'Groq API key', variable: 'GROQ_API_KEY' },
  'huggingface-token': { label: 'Hugging Face token', variable: 'HF_TOKEN' },
  'xai-api-key': { label: 'xAI API key', variable: 'XAI_API_KEY' },
  'perplexity-api-key': { label: 'Perplexity API key', variable: 'PERPLEXITY_API_KEY' },
  'tavily-api-key': { label: 'Tavily API key', variable: 'TAVILY_API_KEY' },
  'firecrawl-api-key': { label: 'Firecrawl API key', variable: 'FIRECRAWL_API_KEY' },
  'replicate-api-token': { label: 'Replicate API token', variable: 'REPLICATE_API_TOKEN' },
  'github-token': { label: 'GitHub token', variable: 'GITHUB_TOKEN' },
  'gitlab-token': { label: 'GitLab token', variable: 'GITLAB_TOKEN' },
  'notion-token': { label: 'Notion token', variable: 'NOTION_TOKEN' },
  'linear-api-key': { label: 'Linear API key', variable: 'LINEAR_API_KEY' },
  'slack-token': { label: 'Slack token', variable: 'SLACK_TOKEN' },
  'slack-webhook': { label: 'Slack webhook URL', variable: 'SLACK_WEBHOOK_URL' },
  'telegram-bot-token': { label: 'Telegram bot token', variable: 'TELEGRAM_BOT_TOKEN' },
  'discord-bot-token': { label: 'Discord bot token', variable: 'DISCORD_BOT_TOKEN' },
  'discord-webhook': { label: 'Discord webhook URL', variable: 'DISCORD_WEBHOOK_URL' },
  'aws-access-key-id': { label: 'AWS access key ID', variable: 'AWS_ACCESS_KEY_ID' },
  'aws-secret-access-key': { label: 'AWS secret access key', variable: 'AWS_SECRET_ACCESS_KEY' },
  'gcp-service-account-key': { label: 'Google Cloud service account key', variable: 'GOOGLE_APPLICATION_CREDENTIALS' },
  'npm-token': { label: 'npm token', variable: 'NPM_TOKEN' },
  'sendgrid-api-key': { label: 'SendGrid API key', variable: 'SENDGRID_API_KEY' },
  'shopify-token': { label: 'Shopify token', variable: 'SHOPIFY_ACCESS_TOKEN' },
  'onepassword-token': { label: '1Password service account token', variable: 'OP_SERVICE_ACCOUNT_TOKEN' },
  'vault-token': { label: 'HashiCorp Vault token', variable: 'VAULT_TOKEN' },
  'vercel-token': { label: 'Vercel token', variable: 'VERCEL_TOKEN' },
  'databricks-token': { label: 'Databricks token', variable: 'DATABRICKS_TOKEN' },
  'docker-token': { label: 'Docker Hub token', variable: 'DOCKER_TOKEN' },
  'figma-token': { label: 'Figma token', variable: 'FIGMA_TOKEN' },
  'grafana-token': { label: 'Grafana token', variable: 'GRAFANA_TOKEN' },
  'private-key': { label: 'private key', variable: 'PRIVATE_KEY_FILE' },
  'connection-string': { label: 'connection string with a password', variable: 'DATABASE_URL' },
  'url-credentials': { label: 'URL with a user and password', variable: 'SERVICE_URL' },
  'bearer-token': { label: 'Bearer token', variable: 'API_TOKEN' },
  password: { label: 'password', variable: 'PASSWORD' },
  'assigned-secret': { label: 'key or token', variable: 'API_KEY' },
} as const satisfies Record<string, SecretKindInfo>;

export type SecretKind = keyof typeof SECRET_KINDS;

export function isSecretKind(value: string): value is SecretKind {
  return Object.prototype.hasOwnProperty.call(SECRET_KINDS, value);
}

/** What a quick fix puts in the value's place: `${OPENAI_API_KEY}`. */
export function placeholderFor(kind: SecretKind): string {
  return `\${${SECRET_KINDS[kind].variable}}`;
}

/** The label of a kind: "OpenAI API key". */
export function secretLabel(kind: SecretKind): string {
  return SECRET_KINDS[kind].label;
}

/** Each secretlint rule's kind; a rule with several messages is split by message id. */
const RULE_KINDS: Readonly<Record<string, SecretKind>> = {
  openai: 'openai-api-key',
  anthropic: 'anthropic-api-key',
  groq: 'groq-api-key',
  huggingface: 'huggingface-token',
  github: 'github-token',
  gitlab: 'gitlab-token',
  notion: 'notion-token',
  linear: 'linear-api-key',
  gcp: 'gcp-service-account-key',
  npm: 'npm-token',
  basicauth: 'url-credentials',
  privatekey: 'private-key',
  sendgrid: 'sendgrid-api-key',
  shopify: 'shopify-token',
  '1password': 'onepassword-token',
  'database-connection-string': 'connection-string',
  'hashicorp-vault': 'vault-token',
  vercel: 'vercel-token',
  databricks: 'databricks-token',
  docker: 'docker-token',
  figma: 'figma-token',
  grafana: 'grafana-token',
};

const MESSAGE_KINDS: Readonly<Record<string, SecretKind>> = {
  AWSAccessKeyID: 'aws-access-key-id',
  AWSSecretAccessKey: 'aws-secret-access-key',
  AWSAccountID: 'aws-access-key-id',
  SLACK_TOKEN: 'slack-token',
  IncomingWebhook: 'slack-webhook',
};

/** Our kind for a secretlint finding (`@secretlint/secretlint-rule-github`, `GITHUB_TOKEN`). */
export function kindOfRule(ruleId: string, messageId: string | undefined): SecretKind {
  if (messageId && MESSAGE_KINDS[messageId]) return MESSAGE_KINDS[messageId];
  const name = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  return RULE_KINDS[name] ?? 'assigned-secret';
}
