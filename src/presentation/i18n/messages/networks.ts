/** Networks, the network switch, an unsupported network and What is a Network?. */
export const networks = {
  'networks.list': 'Networks',
  'networks.supported': 'Supported networks',
  'networks.unsupportedTitle': 'This network is not supported',
  'networks.unsupportedText': 'Your wallet is on a network this app does not support. Switch to one of these networks to continue.',
  'networks.theNetwork': 'the network',
  'networks.addInWallet': 'Add {network} in your wallet',
  'networks.approveInWallet': 'Approve in your wallet',
  'networks.unknownToWallet': 'Your wallet does not know this network yet.',
  'networks.switchTo': 'Switch to {network} to continue.',
  'networks.waitingToAdd': 'Waiting for the wallet to add the network',
  'networks.waiting': 'Waiting for the wallet',
  'networks.whatIsNetwork': 'What is a network?',
  'networks.whatIsNetworkText':
    'A network is a blockchain: where your assets and their history are kept. The same address can hold different assets on each network, and a transaction on one does not reach the others. The network you choose is where this site reads your balances and sends your transactions.',
  // The header's titles of these views: they come with them, the header shows the view's name until then.
  'title.Networks': 'Choose Network',
  'title.SwitchNetwork': 'Switch Network',
  'title.UnsupportedChain': 'Switch Network',
  'title.WhatIsANetwork': 'What is a Network?',
} as const
