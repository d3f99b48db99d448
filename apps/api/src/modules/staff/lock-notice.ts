/**
 * The e-mail a staff member gets when the account locks: the lock only follows wrong authenticator codes after a
 * right password, so someone else has the password (ADR 055).
 */
export function lockNoticeEmail(brand: string, name: string, lockSeconds: number, ip: string): { subject: string; body: string } {
  const minutes = Math.max(1, Math.round(lockSeconds / 60));
  return {
    subject: `${brand}: sua conta do console foi bloqueada`,
    body: [
      `Olá, ${name}.`,
      '',
      `Sua conta do console ${brand} foi bloqueada por ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} depois de várias tentativas de entrada com a senha certa e um código do aplicativo autenticador errado (endereço ${ip}).`,
      '',
      'Se não foi você, outra pessoa conhece a sua senha: avise a administração do console para trocar a senha e o segundo fator assim que possível.',
      '',
      'Se foi você, aguarde o fim do bloqueio e confira o horário do celular onde está o aplicativo autenticador.',
    ].join('\n'),
  };
}
