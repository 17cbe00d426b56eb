// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The devnet's stand-in for Farcaster's IdRegistry: only the reads sign-in verification makes.
/// The devnet writes the seeded fids straight into storage (slot 0: idOf, slot 1: custodyOf).
contract DevnetIdRegistry {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
}

/// The devnet's stand-in for Farcaster's KeyRegistry: no auth addresses are registered, so every
/// sign-in is checked against the fid's custody address.
contract DevnetKeyRegistry {
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    mapping(uint256 => mapping(bytes => KeyData)) internal keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}
