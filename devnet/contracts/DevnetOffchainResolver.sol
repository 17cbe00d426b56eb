// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ECDSA} from "solady/utils/ECDSA.sol";

/// @notice An ENSIP-10 wildcard resolver answered off-chain (EIP-3668): `resolve` sends the client to
/// the gateway, `resolveWithProof` accepts the gateway's answer only if one of the signers signed it
/// for this resolver, this request and this result, and it has not expired. The gateway's URL and
/// signers are set by the owner after creation, so neither moves the resolver's address.
contract DevnetOffchainResolver {
    address public immutable owner;
    string public url;
    address[] private signerList;
    mapping(address => bool) public isSigner;

    event UrlChanged(string url);
    event SignersChanged(address[] signers);

    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error Unauthorised(address caller);
    error AnswerExpired(uint64 expires);
    error UntrustedSigner(address recovered);

    constructor(address owner_) {
        owner = owner_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert Unauthorised(msg.sender);
        _;
    }

    /// @notice The gateway's URL template (EIP-3668: `{sender}` and `{data}` are filled in by the client).
    function setUrl(string calldata newUrl) external onlyOwner {
        url = newUrl;
        emit UrlChanged(newUrl);
    }

    /// @notice Replaces the keys whose answers this resolver accepts.
    function setSigners(address[] calldata newSigners) external onlyOwner {
        for (uint256 i = 0; i < signerList.length; i++) isSigner[signerList[i]] = false;
        delete signerList;
        for (uint256 i = 0; i < newSigners.length; i++) {
            isSigner[newSigners[i]] = true;
            signerList.push(newSigners[i]);
        }
        emit SignersChanged(newSigners);
    }

    function signers() external view returns (address[] memory) {
        return signerList;
    }

    /// @notice ENSIP-10: always answered off-chain; the request is what the gateway signs over.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeWithSelector(this.resolve.selector, name, data);
        string[] memory urls = new string[](1);
        urls[0] = url;
        revert OffchainLookup(address(this), urls, callData, this.resolveWithProof.selector, callData);
    }

    /// @notice The gateway's answer `abi.encode(bytes result, uint64 expires, bytes sig)` to the request
    /// `extraData`; returns `result` when `sig` is a signer's over
    /// keccak256(0x1900 ‖ this ‖ expires ‖ keccak256(request) ‖ keccak256(result)).
    function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory sig) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert AnswerExpired(expires);
        bytes32 digest = keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(extraData), keccak256(result)));
        address recovered = ECDSA.tryRecover(digest, sig);
        if (recovered == address(0) || !isSigner[recovered]) revert UntrustedSigner(recovered);
        return result;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 // ERC-165
            || id == 0x9061b923; // ENSIP-10 resolve(bytes,bytes)
    }
}
