/** UI texts of /integracoes (spec: Integrações, sections 5, 6 and 8). */
export const integracoesStrings = {
  mailTitle: 'E-mail',
  mailSmtp: 'Servidor SMTP',
  mailLocalSink: 'Caixa local',
  mailNone: 'Sem servidor de e-mail',
  mailSmtpDescription:
    'Os e-mails do sistema (convites, redefinições de senha e notificações) são enviados pelo servidor SMTP {address}.',
  mailLocalSinkDescription:
    'Os e-mails ficam na caixa local deste servidor ({address}) e não chegam às pessoas. Para enviá-los, o responsável pela instalação deve configurar um servidor SMTP (SMTP_HOST).',
  mailNoneDescription:
    'Nenhum servidor de e-mail configurado: convites e redefinições de senha não são enviados. O responsável pela instalação deve configurar um servidor SMTP (SMTP_HOST).',
  mailError: 'Não foi possível verificar para onde vão os e-mails.',
  title: 'Integrações',
  description: 'Conecte o sistema aos serviços usados pelo escritório.',
  connected: 'Conectado',
  connect: 'Conectar',
  configure: 'Configurar',
  reconfigure: 'Reconfigurar',
  // Open API
  openApiTitle: 'API Aberta',
  openApiDescription: 'Integre sistemas próprios do escritório aos dados do sistema por meio da API REST.',
  openApiDocs: 'Ver Documentação',
  openApiDialogTitle: 'Documentação da API',
  openApiDialogDescription:
    'A API segue o padrão REST. Envie a chave pública no cabeçalho apikey e o token de sessão do usuário no cabeçalho Authorization (Bearer). As permissões de cada função continuam valendo.',
  openApiBaseUrl: 'Endereço base',
  openApiFunctions: 'Funções do servidor',
  // S3
  s3DialogTitle: 'Configurar Amazon S3',
  s3DialogDescription: 'Informe as credenciais de acesso ao bucket onde os documentos serão armazenados.',
  accessKeyId: 'Access Key ID',
  secretAccessKey: 'Secret Access Key',
  region: 'Região',
  regionPlaceholder: 'us-east-1',
  bucket: 'Bucket',
  cancel: 'Cancelar',
  save: 'Salvar Configuração',
  saving: 'Salvando...',
  incompleteTitle: 'Dados incompletos',
  incompleteText: 'Todos os campos são obrigatórios',
  s3Saved: 'Integração com AWS S3 configurada',
  s3ErrorTitle: 'Erro na configuração',
  s3ErrorFallback: 'Ocorreu um erro ao configurar a integração com AWS S3',
  s3SaveFailed: 'Failed to save configuration',
  noToken: 'No authentication token available',
  s3Denied: 'Permissão negada: Apenas administradores podem configurar a integração com AWS S3.',
  // Provedores de consulta
  providersTitle: 'Provedores de consulta',
  providersDescription:
    'Quem responde às consultas de status do USCIS, dos casos na EOIR, das edições dos formulários e da cotação do dólar. Resultados de demonstração são simulados: ficam marcados e nunca chegam ao cliente.',
  providersProduction: 'Em produção, provedores de demonstração não são permitidos.',
  providersSave: 'Salvar provedores',
  providersSaving: 'Salvando...',
  providersSaved: 'Provedores salvos',
  providersSaveFailed: 'Não foi possível salvar os provedores',
  providersLoadFailed: 'Não foi possível carregar os provedores',
  providersConfirmTitle: 'Trocar os provedores de consulta?',
  providersConfirmText:
    'As próximas consultas (inclusive as automáticas) usarão os provedores escolhidos. Status de provedores de demonstração não são enviados aos clientes.',
  providersConfirm: 'Salvar',
  demo: 'Demonstração',
  // WhatsApp settings
  whatsappTitle: 'Configurar WhatsApp Business',
  whatsappDescription:
    'Dados do WhatsApp Cloud API (Meta). O token e o segredo do app são guardados criptografados. Mensagens iniciadas pelo escritório usam um modelo aprovado.',
  whatsappSaved: 'Configuração do WhatsApp salva',
  whatsappSaveFailed: 'Não foi possível salvar a configuração',
} as const;
