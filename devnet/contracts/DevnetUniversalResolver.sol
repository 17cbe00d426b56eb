// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {DevnetEnsRegistry, DevnetNames} from "./DevnetEns.sol";

/// @notice The one contract ENS clients call (viem's getEnsAddress, getEnsName, getEnsText): finds a
/// name's resolver by walking up its labels (ENSIP-10), asks it, and follows it off-chain (EIP-3668).
///
/// An off-chain lookup of a resolver is passed on to the client as a batch-gateway query (the
/// `gateways` the client gives, viem's local `x-batch-gateway:true`) naming the resolver as its
/// sender: the client asks the resolver's gateway on the resolver's behalf (the gateway signs for
/// the resolver, not for this contract), and this contract's callback hands the answer to the
/// resolver's callback. A reverse look-up chains two such steps: the reverse name's `name(node)`,
/// then the forward check `addr(node)` of the name it gave.
contract DevnetUniversalResolver {
    /// @dev What to do with a resolver's answer.
    uint8 private constant FORWARD = 0;
    uint8 private constant REVERSE_NAME = 1;
    uint8 private constant REVERSE_CHECK = 2;

    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923;
    bytes4 private constant OFFCHAIN_LOOKUP = 0x556f1830;
    bytes4 private constant ADDR = 0x3b3b57de;
    bytes4 private constant NAME = 0x691f3431;
    bytes4 private constant BATCH_QUERY = bytes4(keccak256("query((address,string[],bytes)[])"));
    string private constant LOCAL_BATCH_GATEWAY = "x-batch-gateway:true";
    uint256 private constant ETH_COIN_TYPE = 60;

    DevnetEnsRegistry public immutable registry;

    struct Query {
        address sender;
        string[] urls;
        bytes data;
    }

    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    // The errors viem's ENS actions read as "no such name" (utils/ens/errors.ts) or pass on.
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);
    error HttpError(uint16 status, string message);
    error InvalidBatchGatewayResponse();

    constructor(DevnetEnsRegistry registry_) {
        registry = registry_;
    }

    /// @notice The resolver of `name` (DNS-encoded) or of its closest ancestor that has one; `offset`
    /// is where that ancestor starts in `name` (0: the name itself).
    function findResolver(bytes memory name) public view returns (address resolver, bytes32 node, uint256 offset) {
        node = DevnetNames.namehash(name, 0);
        for (offset = 0; ; offset = DevnetNames.next(name, offset)) {
            bytes32 at = DevnetNames.namehash(name, offset);
            resolver = registry.resolver(at);
            if (resolver != address(0) || at == bytes32(0)) return (resolver, node, offset);
        }
    }

    /// @notice The answer of `name`'s resolver to `data` (an ABI-encoded resolver call), and the resolver.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata gateways) external view returns (bytes memory, address) {
        _return(_ask(FORWARD, name, data, "", gateways));
    }

    /// @notice The primary name of `lookupAddress` (20 bytes) for Ethereum (coin type 60), checked
    /// forward: the name's own address must be `lookupAddress`.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata gateways)
        external
        view
        returns (string memory, address, address)
    {
        if (coinType != ETH_COIN_TYPE || lookupAddress.length != 20) revert UnsupportedResolverProfile(NAME);
        address account = address(bytes20(lookupAddress));
        bytes memory reverseName = DevnetNames.encode(string.concat(DevnetNames.hexAddress(account), ".addr.reverse"));
        _return(_ask(REVERSE_NAME, reverseName, abi.encodeWithSelector(NAME, DevnetNames.namehash(reverseName, 0)), abi.encode(account), gateways));
    }

    /// @notice Receives a batch gateway's answer to one resolver's off-chain lookup and carries on;
    /// returns what the call that started the look-up returns.
    function resolveCallback(bytes calldata response, bytes calldata extraData) external view {
        (address resolver, bytes4 callback, bytes memory resolverExtra, uint8 step, bytes memory context, string[] memory gateways) =
            abi.decode(extraData, (address, bytes4, bytes, uint8, bytes, string[]));
        (bool[] memory failures, bytes[] memory responses) = abi.decode(response, (bool[], bytes[]));
        if (failures.length != 1 || responses.length != 1) revert InvalidBatchGatewayResponse();
        // The gateway failed: its error (HttpError for an HTTP status) goes to the client as it is.
        if (failures[0]) _revert(responses[0]);
        (bool ok, bytes memory answer) = resolver.staticcall(abi.encodeWithSelector(callback, responses[0], resolverExtra));
        if (!ok) _lookUpOffchain(resolver, answer, step, context, gateways);
        _return(_then(step, abi.decode(answer, (bytes)), resolver, context, gateways));
    }

    /// @dev Asks `name`'s resolver; returns what the outer call returns, or reverts an off-chain lookup.
    function _ask(uint8 step, bytes memory name, bytes memory data, bytes memory context, string[] memory gateways) internal view returns (bytes memory) {
        (address resolver,, uint256 offset) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = _supports(resolver, EXTENDED_RESOLVER);
        // ENSIP-10: a parent's resolver answers for its descendants only through resolve(name, data).
        if (!extended && offset != 0) revert ResolverNotFound(name);
        (bool ok, bytes memory answer) = resolver.staticcall(extended ? abi.encodeWithSelector(EXTENDED_RESOLVER, name, data) : data);
        if (!ok) _lookUpOffchain(resolver, answer, step, context, gateways);
        return _then(step, extended ? abi.decode(answer, (bytes)) : answer, resolver, context, gateways);
    }

    /// @dev A resolver's revert: its OffchainLookup becomes this contract's (as a batch-gateway query
    /// in the resolver's name); anything else is a ResolverError.
    function _lookUpOffchain(address resolver, bytes memory revertData, uint8 step, bytes memory context, string[] memory gateways) internal view {
        if (revertData.length < 4 || bytes4(revertData) != OFFCHAIN_LOOKUP) revert ResolverError(revertData);
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory resolverExtra) =
            abi.decode(_withoutSelector(revertData), (address, string[], bytes, bytes4, bytes));
        if (sender != resolver) revert ResolverError(revertData);
        Query[] memory queries = new Query[](1);
        queries[0] = Query(resolver, urls, callData);
        if (gateways.length == 0) {
            gateways = new string[](1);
            gateways[0] = LOCAL_BATCH_GATEWAY;
        }
        revert OffchainLookup(
            address(this),
            gateways,
            abi.encodeWithSelector(BATCH_QUERY, queries),
            this.resolveCallback.selector,
            abi.encode(resolver, callback, resolverExtra, step, context, gateways)
        );
    }

    /// @dev The next step once `resolver` answered `result`: the outer call's return data.
    function _then(uint8 step, bytes memory result, address resolver, bytes memory context, string[] memory gateways) internal view returns (bytes memory) {
        if (step == FORWARD) return abi.encode(result, resolver);
        if (step == REVERSE_NAME) {
            address account = abi.decode(context, (address));
            string memory primary = result.length == 0 ? "" : abi.decode(result, (string));
            if (bytes(primary).length == 0) return abi.encode(primary, address(0), resolver);
            bytes memory name = DevnetNames.encode(primary);
            return _ask(REVERSE_CHECK, name, abi.encodeWithSelector(ADDR, DevnetNames.namehash(name, 0)), abi.encode(account, primary, resolver), gateways);
        }
        (address wanted, string memory claimed, address reverseResolver) = abi.decode(context, (address, string, address));
        address actual = result.length < 32 ? address(0) : abi.decode(result, (address));
        if (actual != wanted) revert ReverseAddressMismatch(claimed, abi.encodePacked(actual));
        return abi.encode(claimed, resolver, reverseResolver);
    }

    function _supports(address target, bytes4 id) internal view returns (bool) {
        (bool ok, bytes memory answer) = target.staticcall{gas: 30_000}(abi.encodeWithSelector(0x01ffc9a7, id));
        return ok && answer.length >= 32 && abi.decode(answer, (bool));
    }

    function _withoutSelector(bytes memory data) internal pure returns (bytes memory out) {
        out = new bytes(data.length - 4);
        assembly {
            mcopy(add(out, 32), add(data, 36), mload(out))
        }
    }

    function _return(bytes memory data) internal pure {
        assembly {
            return(add(data, 32), mload(data))
        }
    }

    function _revert(bytes memory data) internal pure {
        assembly {
            revert(add(data, 32), mload(data))
        }
    }
}
